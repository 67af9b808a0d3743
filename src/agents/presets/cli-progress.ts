import type { TurnRequest } from '../agent.js';
import { asRecord, parseJsonLine } from './cli-agent-json.js';

/** What an agent CLI has reported of its work so far, from its stream of events. */
export interface CliTally {
  /** Tools it called and commands it ran. */
  steps: number;
  /** Tokens its model calls generated so far; null for a CLI that says so only at the end. */
  tokens: number | null;
}

/** Reads one event of a CLI's stream into the tally; true when the tally changed. */
export type CliEventReader = (event: Record<string, unknown>, tally: CliTally) => boolean;

/**
 * A line listener (AgentProcess.onLine) that reads a CLI's stream of JSON events with `read` and
 * tells the turn's onProgress each time what it reported changed; undefined when no one listens.
 * The rate is the session's to bound (see ask-agent's reportProgress).
 */
export function cliProgress(request: Pick<TurnRequest, 'onProgress'>, read: CliEventReader): ((line: string) => void) | undefined {
  const { onProgress } = request;
  if (onProgress === undefined) return undefined;
  const started = Date.now();
  const tally: CliTally = { steps: 0, tokens: null };
  return (line) => {
    const event = parseJsonLine(line);
    if (event === null || !read(event, tally)) return;
    onProgress({ tokens: tally.tokens, tokensPerSecond: null, steps: tally.steps, elapsedMs: Date.now() - started });
  };
}

/**
 * Claude Code's `--output-format stream-json --verbose --include-partial-messages` (2.1.197):
 * each tool call is a `tool_use` block of an `assistant` event (a call is counted once, by its
 * id); each model call's tokens come in its raw `message_delta` (a `stream_event`), cumulative
 * for that call, since the `assistant` events carry the count `message_start` had (1).
 */
export function claudeEventReader(): CliEventReader {
  const calls = new Set<string>();
  let finished = 0;
  let current = 0;
  return (event, tally) => {
    if (event.type === 'assistant') {
      const content = asRecord(event.message)?.content;
      const before = calls.size;
      for (const block of Array.isArray(content) ? content : []) {
        const use = asRecord(block);
        if (use?.type === 'tool_use') calls.add(typeof use.id === 'string' ? use.id : `call ${calls.size}`);
      }
      tally.steps = calls.size;
      return calls.size !== before;
    }
    const raw = event.type === 'stream_event' ? asRecord(event.event) : null;
    if (raw?.type === 'message_start') {
      finished += current;
      current = 0;
      return false;
    }
    const output = raw?.type === 'message_delta' ? asRecord(raw.usage)?.output_tokens : undefined;
    if (typeof output !== 'number' || !Number.isFinite(output) || output < 0) return false;
    current = output;
    tally.tokens = finished + current;
    return true;
  };
}

/** The items of `codex exec --json` that are steps: a command, a tool of an MCP server, a web search, a file change. */
const codexSteps: ReadonlySet<unknown> = new Set(['command_execution', 'mcp_tool_call', 'web_search', 'file_change']);

/**
 * `codex exec --json` (codex-cli 0.169.0): each command it runs, tool it calls or search it makes
 * is an item, counted once when it completes; its tokens come only in `turn.completed`, at the end.
 */
export function codexEventReader(): CliEventReader {
  return stepCounter((event) => {
    const item = event.type === 'item.completed' ? asRecord(event.item) : null;
    return item !== null && codexSteps.has(item.type) ? { id: item.id } : null;
  });
}

/**
 * `gemini -o stream-json` (Gemini CLI 0.61.0): each tool it calls is a `tool_use` event; its
 * tokens come only in the `result`, at the end.
 */
export function geminiEventReader(): CliEventReader {
  return stepCounter((event) => (event.type === 'tool_use' ? { id: event.tool_id } : null));
}

/** A reader that counts each step once, by its id: `stepOf` says which events are steps (null: not one). */
function stepCounter(stepOf: (event: Record<string, unknown>) => { id: unknown } | null): CliEventReader {
  const steps = new Set<string>();
  return (event, tally) => {
    const step = stepOf(event);
    if (step === null) return false;
    const before = steps.size;
    steps.add(typeof step.id === 'string' ? step.id : `step ${steps.size}`);
    tally.steps = steps.size;
    return steps.size !== before;
  };
}
