import { APIConnectionError, APIConnectionTimeoutError, APIError } from 'openai';
import { describeDuration } from '../../format-duration.js';
import { AgentError } from '../../errors.js';
import type { ChatEndpoint } from './openai-endpoint.js';

export interface ChatFailure {
  /** `Agent \`ollama:x\` failed to write response 1`. */
  what: string;
  endpoint: ChatEndpoint;
  model: string;
  timeoutMs: number;
  interrupted: boolean;
  timedOut: boolean;
  /** The silence bound (--agent-silence) ended the request, and how many tokens had come: null when it did not. */
  silence: { ms: number; tokens: number } | null;
  /** Whether the server streamed its last answer; null when none came yet. */
  streams: boolean | null;
}

const unreachableCodes: Readonly<Record<string, string>> = {
  ECONNREFUSED: 'connection refused',
  ENOTFOUND: 'host not found',
  EAI_AGAIN: 'host not found',
  EHOSTUNREACH: 'host unreachable',
  ENETUNREACH: 'network unreachable',
};
const timeoutCodes = new Set(['ETIMEDOUT', 'UND_ERR_CONNECT_TIMEOUT', 'UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT']);

/**
 * What a failed chat-completions request means to the user, as an AgentError of the right kind:
 * the server's own message, and what to do about it. `message` is the server's message
 * (read from the body by readServerMessage), empty when it sent none.
 */
export function classifyChatError(error: unknown, failure: ChatFailure, message: string): AgentError {
  const { what, endpoint, model } = failure;
  const url = endpoint.baseUrl;
  const ollama = endpoint.provider === 'ollama';
  if (failure.interrupted) return new AgentError(`${what}: the turn was interrupted.`, 'interrupted', { cause: error });
  if (failure.silence !== null) {
    const { ms, tokens } = failure.silence;
    return new AgentError(
      `${what}: the server at ${url} sent no token for ${describeDuration(ms)} after ${tokens.toLocaleString('en-US')} tokens of its answer (--agent-silence), ` +
        "so the request was cancelled: the server looks stuck, not slow. Check the server's log (it may have crashed, run out of memory, or be swapping), " +
        'or raise --agent-silence if the model pauses that long.',
      'server-error',
      { cause: error },
    );
  }
  const code = findErrorCode(error);
  if (failure.timedOut || error instanceof APIConnectionTimeoutError || (code !== null && timeoutCodes.has(code))) {
    return new AgentError(
      `${what}: the server at ${url} did not answer within ${describeDuration(failure.timeoutMs)} (--agent-timeout), so the request was cancelled. ` +
        'A long prompt can take a local model a while: raise --agent-timeout, or choose a smaller model.' +
        (failure.streams === false
          ? ' This server does not stream its answers, so no token shows before the whole answer is done and --agent-silence cannot tell a stuck server from a slow one.'
          : ''),
      'timed-out',
      { cause: error },
    );
  }
  if (error instanceof APIConnectionError) {
    const reason = code === null ? null : unreachableCodes[code];
    if (reason !== undefined && reason !== null) {
      const fix = ollama ? 'Start it (`ollama serve`), or set OLLAMA_HOST to where it listens.' : 'Start it, or set OPENAI_BASE_URL to where it listens.';
      return new AgentError(`${what}: no server at ${url} (${reason}). ${fix}`, 'not-installed', { cause: error });
    }
    return new AgentError(
      `${what}: the connection to ${url} failed (${code ?? describeCause(error)}). Check that the server is running and reachable, then try again.`,
      'crashed',
      {
        cause: error,
      },
    );
  }
  if (!(error instanceof APIError) || error.status === undefined) {
    return new AgentError(`${what}: the request to ${url} failed (${error instanceof Error ? error.message : String(error)}).`, 'crashed', { cause: error });
  }
  const status = error.status;
  const said = message === '' ? `${status} with an empty body` : `${status}: ${message}`;
  if (status === 401 || status === 403) {
    const fix = ollama
      ? 'Ollama itself asks for no key: check that OLLAMA_HOST points at your Ollama server, not at a proxy that wants one.'
      : 'Set OPENAI_API_KEY to a valid key for this server.';
    return new AgentError(`${what}: the server at ${url} refused the request (${said}). ${fix}`, 'auth', { cause: error });
  }
  if (status === 429) {
    return new AgentError(
      `${what}: the server at ${url} is rate limiting requests (${said}). Wait a little and run code-debate again, or check your plan's limits.`,
      'rate-limited',
      {
        cause: error,
      },
    );
  }
  if ((status === 404 || status === 400) && /\bmodel\b/i.test(message) && (status === 404 || /not found|does not exist|unknown|no such/i.test(message))) {
    const fix = ollama
      ? `Pull it with \`ollama pull ${model}\`, or list the installed models with \`ollama list\`.`
      : `Check the model name: the server lists its models at ${url}/models.`;
    return new AgentError(`${what}: the server at ${url} has no model \`${model}\` (${said}). ${fix}`, 'model-not-found', { cause: error });
  }
  if (status === 404) {
    return new AgentError(
      `${what}: the server at ${url} has no chat-completions endpoint (${said}). Check the URL in ${ollama ? 'OLLAMA_HOST' : 'OPENAI_BASE_URL'}: OpenAI-compatible servers serve it under /v1.`,
      'crashed',
      { cause: error },
    );
  }
  return new AgentError(`${what}: the server at ${url} answered ${said}. Check the server's log, then try again.`, 'crashed', { cause: error });
}

/** The first `code` (ECONNREFUSED, ...) along the error's causes, AggregateErrors included. */
function findErrorCode(error: unknown, depth = 0): string | null {
  if (typeof error !== 'object' || error === null || depth > 6) return null;
  const { code, cause, errors } = error as { code?: unknown; cause?: unknown; errors?: unknown };
  if (typeof code === 'string' && code !== '') return code;
  const found = findErrorCode(cause, depth + 1);
  if (found !== null) return found;
  if (Array.isArray(errors)) {
    for (const inner of errors) {
      const innerCode = findErrorCode(inner, depth + 1);
      if (innerCode !== null) return innerCode;
    }
  }
  return null;
}

function describeCause(error: Error): string {
  let deepest: unknown = error;
  while (deepest instanceof Error && deepest.cause instanceof Error) deepest = deepest.cause;
  return deepest instanceof Error ? deepest.message : String(deepest);
}
