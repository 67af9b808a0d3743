import type { DebateDocument, Role, SectionKind } from '../protocol/document.js';
import type { Subject } from '../subject/subject.js';
import type { TurnUsage } from '../protocol/usage.js';
import type { AnswerJsonSchema, AnswerScope } from '../protocol/answer-schema.js';
import type { Sandbox } from './bwrap-sandbox.js';

/** Everything an agent is given to write one section. */
export interface TurnRequest {
  role: Role;
  turn: SectionKind;
  round: number;
  /** The rendered prompt from `templates/`. */
  prompt: string;
  /**
   * The same prompt for an agent that continues its own conversation from an earlier turn of
   * this debate (`claude --resume`, `codex exec resume`): without the diff it has already read.
   */
  continuation: string;
  /**
   * The JSON Schema the answer must follow (see answer-schema.ts): a backend that can be held to a
   * schema is asked for it natively (structured output); any other gets it in the prompt, which
   * already asks for that JSON. Absent for the CONSENSUS narrative, which is free text.
   */
  answerSchema?: AnswerJsonSchema;
  /** The points the answer may name (see AnswerScope), with the number its new points start from; beside answerSchema. */
  answerScope?: AnswerScope & { nextNumber: number };
  /** The file as it stood when the turn was decided (empty for the Review). */
  document: DebateDocument;
  subject: Subject;
  /** Where the agent runs: its own checkout of the subject (see AgentCheckout), or for a person the work tree. */
  cwd: string;
  /** The person's work tree, where a `cmd:` program's relative path starts; `cwd` when absent. */
  root?: string;
  /** When set, a `cmd:` program runs under bubblewrap, able to write only there (see sandboxCommand). */
  sandbox?: Sandbox;
  /** Absolute path of the shared file. */
  file: string;
  /** The identity of the claim this side holds (see claimId), given to the agent's process as `CODE_DEBATE_CLAIM`. */
  claim?: string;
  /** Aborted when the turn must stop (deadline, signal). */
  signal: AbortSignal;
  /** How long the agent may take before it is stopped: what `--agent-timeout` leaves of the turn. */
  timeoutMs: number;
  /** The whole `--agent-timeout`, for messages (a retry gets only what is left of it); defaults to timeoutMs. */
  limitMs?: number;
  /** Told the pid of a process the agent starts, so a successor can stop it if this one dies. */
  onProcess?: (pid: number) => void;
  /** Told the text an agent sent when it was not `prompt` (a continuation), to measure it. */
  onPromptSent?: (prompt: string) => void;
  /**
   * Called once the agent's process started (or, for an agent without one, before it acts):
   * resolves when the agent may act. A process gets its prompt only then, so what code-debate
   * still does (see guardRepository) overlaps the agent's own start-up, and never delays it.
   */
  ready?: () => Promise<void>;
  /** Told how far the answer has come while the agent writes, when its backend says (see AgentProgress). */
  onProgress?: (progress: AgentProgress) => void;
  /** Told what a call cost, when the agent reports it (see TurnUsage): once per call that did. */
  onUsage?: (usage: TurnUsage) => void;
  /** Warnings said since this side's last turn: a person's editor hides the log, so their draft says them. */
  notices?: readonly string[];
  /** A person's editor takes the terminal (`true`) or gives it back (`false`): nothing may be drawn on it meanwhile. */
  onEditor?: (open: boolean) => void;
}

/** How far an answer has come while the agent writes it, as its backend reports it. */
export interface AgentProgress {
  /** Tokens generated so far (a model server's stream); null when the backend does not count them. */
  tokens: number | null;
  /** Tokens per second since the first token; null before the second. */
  tokensPerSecond: number | null;
  /** Steps an agent CLI reported taking so far (tool calls, commands); absent or null when it does not report them. */
  steps?: number | null;
  /** Since the call started. */
  elapsedMs: number;
}

/** One backend that writes sections. `writeTurn` resolves to the section body, unsanitized. */
export interface Agent {
  readonly name: string;
  /** A person writes the turns: a failure is theirs to retry, not code-debate's. */
  readonly interactive?: boolean;
  /**
   * The agent runs a process that reads its prompt on stdin once `TurnRequest.ready` resolves:
   * it is started at once. Any other agent is called only once the request is ready.
   */
  readonly startsEarly?: boolean;
  /** A program of the user's (`cmd:`), run under bubblewrap when the request carries a sandbox. */
  readonly sandboxable?: boolean;
  /**
   * Gives one answer per call and cannot be asked again (an interactive session's `submit`): an
   * answer that will not do is refused with what was wrong, nothing written, for it to fix and resubmit.
   */
  readonly answersOnce?: boolean;
  /** Reads the subject itself, with its own tools: its prompt says how (`git diff ...`) instead of carrying the diff. */
  readonly readsDiffItself?: boolean;
  writeTurn(request: TurnRequest): Promise<string>;
}
