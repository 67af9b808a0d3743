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
