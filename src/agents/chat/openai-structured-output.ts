import { ConfigError } from '../../errors.js';

export const structuredOutputVariable = 'CODE_DEBATE_STRUCTURED_OUTPUT';

/**
 * Whether a chat agent asks its server for structured output: yes unless
 * `CODE_DEBATE_STRUCTURED_OUTPUT=off`, for a server that refuses `response_format` (or to try
 * the free-text path, where the prompt alone asks for the JSON).
 */
export function readStructuredOutput(env: NodeJS.ProcessEnv): boolean {
  const value = env[structuredOutputVariable]?.trim().toLowerCase() ?? '';
  if (value === '' || value === 'on') return true;
  if (value === 'off') return false;
  throw new ConfigError(
    `Cannot use ${structuredOutputVariable} \`${env[structuredOutputVariable] ?? ''}\`: expected \`off\` (ask the server for no structured output) or \`on\` (the default).`,
  );
}

/**
 * The server's words when it answered 400 naming `response_format` or `json_schema`: it does not
 * take structured output (or not this schema), and the request is worth sending once more
 * without it; null for any other failure. `message` is the server's own (readServerMessage),
 * else the SDK's error message is read.
 */
export function structuredOutputRefusal(error: unknown, message: string): string | null {
  const status = typeof error === 'object' && error !== null ? (error as { status?: unknown }).status : undefined;
  const said = message !== '' ? message : error instanceof Error ? error.message : '';
  return status === 400 && /response_format|json_schema/i.test(said) ? said : null;
}

/** Kept as the cause when the request sent again without structured output failed too: worth a warning of its own. */
export function describeRefusal(url: string, said: string): string {
  return (
    `The server at ${url} refused structured output (400: ${said}), so the request was sent again without response_format. ` +
    `Set ${structuredOutputVariable}=off so that it is not asked for.`
  );
}
