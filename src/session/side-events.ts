import type { ReproductionVerdict } from '../protocol/reproduction.js';
import type { Role, SectionKind } from '../protocol/document.js';
import type { ConvergenceState } from '../ledger/convergence-state.js';
import type { SessionEnd } from '../ledger/read-outcome.js';
import type { HolderState } from './claims/heartbeat-state.js';
import type { TurnUsage } from '../protocol/usage.js';

/** What a session tells the person (or program) watching it, as data; event sinks (the terminal, JSON lines) format it. */
export type SideEvent =
  | { type: 'claimed'; role: Role; agent: string; file: string; subject: string; tookOverFrom: number | null; tookOverHost?: string; remote?: string }
  | { type: 'waiting'; role: Role; for: Role; timeoutMs: number; round: number }
  /** This side found the debate under way: where it stands, and the last section written. */
  | { type: 'resumed'; role: Role; file: string; round: number; heading: string; by: string | null; at: string | null }
  | { type: 'not-a-turn'; role: Role; for: Role }
  | { type: 'turn-started'; role: Role; turn: SectionKind; heading: string; agent: string; round: number; interactive: boolean }
  | { type: 'agent-retry'; role: Role; heading: string; reason: string; delayMs: number }
  | { type: 'agent-reasked'; role: Role; heading: string; problems: string[]; attempt: number; of: number }
  | { type: 'reproduction-ran'; role: Role; heading: string; id: string; verdict: ReproductionVerdict; why: string; ms: number }
  /**
   * How far the agent's answer has come while it writes, at most one per few seconds: `tokens` and
   * `tokensPerSecond` from a model server's stream, null for a backend that does not count them;
   * `steps` (tool calls, commands) and `tokens` from an agent CLI's stream of events, where it reports them.
   */
  | { type: 'agent-progress'; role: Role; heading: string; agent: string; elapsedMs: number; tokens: number | null; tokensPerSecond: number | null; steps: number | null }
  | { type: 'agent-finished'; role: Role; heading: string; agent: string; ms: number; promptBytes: number; usage: TurnUsage | null }
  /**
   * `by`: who wrote it, when not this side's agent: code-debate itself (nothing left to answer, a timeout's CONSENSUS).
   * `remoteMs`: what of `ms` went waiting for the remote to take the section (--remote).
   */
  | { type: 'turn-written'; role: Role; heading: string; bytes: number; ms: number; promptBytes: number; remoteMs?: number; by?: 'code-debate'; why?: string }
  | { type: 'turn-discarded'; role: Role; heading: string; reason: string }
  | { type: 'agent-chosen'; role: null; message: string }
  | { type: 'archived'; role: null; file: string; to: string }
  | { type: 'round-state'; role: Role; round: number; state: ConvergenceState; stalled?: boolean }
  | { type: 'warning'; role: Role | null; message: string }
  /** `outcome`: how the session ended, or `agent-failed`; `usage`: what a turn that failed spent, when its agent reported it. */
  | { type: 'ended'; role: Role | null; outcome: SessionEnd | 'agent-failed'; message: string; prompts?: TurnPrompt[]; blocking?: string[]; usage?: TurnUsage }
  /** `peerPid`, `peerHost`: the peer's process, apart from the `pid` every event carries, which is the reporting side's. */
  | { type: 'peer-state'; role: Role; peer: Role; state: HolderState; previous: HolderState | null; peerPid: number | null; peerHost: string | null; reason: string }
  | { type: 'history-changed'; role: Role; file: string; change: string; savedTo: string; timeoutMs: number; restore: string; keep: string | null }
  | { type: 'history-restored'; role: Role; file: string }
  | { type: 'history-kept'; role: Role; file: string; change: string }
  /** A person's editor has the terminal (`open`), or has given it back. */
  | { type: 'editor'; role: Role; open: boolean };

/** What one section this side wrote cost in prompt text. */
export interface TurnPrompt {
  heading: string;
  bytes: number;
}

/** Where a session sends its events (see SideContext.emit): a debate report is something else, made by report/. */
export type EventSink = (event: SideEvent) => void;
