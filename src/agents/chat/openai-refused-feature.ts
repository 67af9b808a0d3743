import type { ChatCompletionCreateParams } from 'openai/resources/chat/completions';
import { structuredOutputVariable } from './openai-structured-output.js';

/** What a request may ask of a server that some servers refuse: each is dropped once refused. */
export type ChatFeature = 'structuredOutput' | 'stream' | 'streamOptions' | 'logitBias';

/** A feature the server refused, in its own words. */
export interface Refusal {
  feature: ChatFeature;
  said: string;
}

/**
 * The feature a 400 names, when the request asked for it: structured output (`response_format`,
 * `json_schema`), the usage at the end of a stream (`stream_options`), or the stream itself;
 * the request is worth sending once more without it. Null for any other failure. `message` is the
 * server's own (readServerMessage), else the SDK's error message is read.
 */
export function refusedFeature(error: unknown, message: string, params: ChatCompletionCreateParams): Refusal | null {
  const status = typeof error === 'object' && error !== null ? (error as { status?: unknown }).status : undefined;
  if (status !== 400) return null;
  const said = message !== '' ? message : error instanceof Error ? error.message : '';
  if (params.response_format !== undefined && /response_format|json_schema/i.test(said)) return { feature: 'structuredOutput', said };
  if (params.logit_bias != null && /logit_bias/i.test(said)) return { feature: 'logitBias', said };
  if (params.stream_options != null && /stream_options|include_usage/i.test(said)) return { feature: 'streamOptions', said };
  if (params.stream === true && /\bstream(ing)?\b/i.test(said)) return { feature: 'stream', said };
  return null;
}

/** Kept as the cause when the request sent again without the feature failed too: worth a warning of its own. */
export function describeRefusal(url: string, { feature, said }: Refusal): string {
  if (feature === 'structuredOutput') {
    return (
      `The server at ${url} refused structured output (400: ${said}), so the request was sent again without response_format. ` +
      `Set ${structuredOutputVariable}=off so that it is not asked for.`
    );
  }
  const field = feature === 'stream' ? 'stream' : feature === 'logitBias' ? 'logit_bias' : 'stream_options';
  return `The server at ${url} refused \`${field}\` (400: ${said}), so the request was sent again without it.`;
}
