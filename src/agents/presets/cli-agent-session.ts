import { AgentError } from '../../errors.js';
import { firstSection } from '../../protocol/turn-table.js';
import type { TurnRequest } from '../agent.js';

/**
 * The conversation an agent CLI can continue on its next turn (`claude --resume`, `codex exec
 * resume`): kept per process, and only for the diff it was started on, since a continuation
 * leaves the diff out. A new diff (the author pushed) starts a new conversation.
 */
export interface CliSession {
  /** The conversation to continue for this turn, or null to start one. */
  resumable(request: TurnRequest): string | null;
  remember(id: string | null, request: TurnRequest): void;
  forget(): void;
}

export function createCliSession(): CliSession {
  let current: { id: string; diff: string } | null = null;
  return {
    resumable: (request) => (current !== null && current.diff === request.subject.diffSha256 && request.turn !== firstSection.kind ? current.id : null),
    remember: (id, request) => {
      current = id === null ? null : { id, diff: request.subject.diffSha256 };
    },
    forget: () => {
      current = null;
    },
  };
}

/**
 * Runs `attempt` continuing the conversation when there is one, with the continuation prompt;
 * when that fails in a way a fresh start may cure (the CLI lost the conversation, crashed or
 * printed something unreadable), starts over with the full prompt within the same deadline.
 */
export async function withCliSession<T>(
  session: CliSession,
  request: TurnRequest,
  attempt: (run: { resume: string | null; input: string; request: TurnRequest }) => Promise<T>,
): Promise<T> {
  const resume = session.resumable(request);
  if (resume === null) return attempt({ resume: null, input: request.prompt, request });
  const deadline = Date.now() + request.timeoutMs;
  try {
    request.onPromptSent?.(request.continuation);
    return await attempt({ resume, input: request.continuation, request });
  } catch (error) {
    const cured = error instanceof AgentError && (error.kind === 'crashed' || error.kind === 'bad-output' || error.kind === 'empty-output');
    if (!cured || request.signal.aborted || deadline - Date.now() < 1_000) throw error;
    session.forget();
    request.onPromptSent?.(request.prompt);
    return attempt({ resume: null, input: request.prompt, request: { ...request, timeoutMs: deadline - Date.now() } });
  }
}
