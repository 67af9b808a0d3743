import { AgentError, ConfigError } from '../../errors.js';

export type ChatProvider = 'openai' | 'ollama';

/** Where one chat-completions agent sends its requests, and with which key. */
export interface ChatEndpoint {
  provider: ChatProvider;
  /** Ends in the API version (`/v1`), without a trailing slash. */
  baseUrl: string;
  apiKey: string;
  organization: string | null;
  project: string | null;
}

export const openAiBaseUrl = 'https://api.openai.com/v1';
export const defaultOllamaHost = 'http://127.0.0.1:11434';
/** Sent to servers that ask for no key: the SDK refuses to run without one. */
export const placeholderApiKey = 'no-key';

/**
 * The endpoint for `openai:<model>` or `ollama:<model>`, from the environment alone:
 * `OPENAI_BASE_URL` and `OPENAI_API_KEY` (a key is required only by OpenAI's own API),
 * or `OLLAMA_HOST` read the way Ollama reads it, plus `/v1`.
 */
export function resolveChatEndpoint(provider: ChatProvider, agentName: string, env: NodeJS.ProcessEnv): ChatEndpoint {
  if (provider === 'ollama') {
    return { provider, baseUrl: `${resolveOllamaHost(env.OLLAMA_HOST ?? '')}/v1`, apiKey: 'ollama', organization: null, project: null };
  }
  const baseUrl = readBaseUrl(env.OPENAI_BASE_URL ?? '');
  const key = env.OPENAI_API_KEY?.trim() ?? '';
  if (key === '' && new URL(baseUrl).hostname === new URL(openAiBaseUrl).hostname) {
    throw new AgentError(
      `Cannot use the agent \`${agentName}\`: OPENAI_API_KEY is not set, and ${baseUrl} needs a key. ` +
        'Set OPENAI_API_KEY to your API key, or set OPENAI_BASE_URL to an OpenAI-compatible server that needs none ' +
        '(e.g. http://127.0.0.1:8000/v1 for vLLM).',
      'auth',
    );
  }
  return {
    provider,
    baseUrl,
    apiKey: key === '' ? placeholderApiKey : key,
    organization: env.OPENAI_ORG_ID?.trim() || null,
    project: env.OPENAI_PROJECT_ID?.trim() || null,
  };
}

function readBaseUrl(value: string): string {
  const text = value.trim();
  if (text === '') return openAiBaseUrl;
  const url = URL.canParse(text) ? new URL(text) : null;
  if (url === null || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
    throw new ConfigError(`Cannot use OPENAI_BASE_URL \`${text}\`: expected an http(s) URL such as http://127.0.0.1:8000/v1.`);
  }
  return text.replace(/\/+$/, '');
}

/**
 * `OLLAMA_HOST` as Ollama itself reads it: the scheme defaults to http, the host to 127.0.0.1,
 * the port to 11434 (80 or 443 when a scheme is given), so `0.0.0.0`, `myhost:8080`, `:8080`
 * and `https://ollama.example.com` all work. A listen-everywhere address is dialled on localhost.
 */
export function resolveOllamaHost(value: string): string {
  const text = value.trim();
  if (text === '') return defaultOllamaHost;
  const schemeMatch = /^([a-z][a-z0-9+.-]*):\/\//i.exec(text);
  const scheme = schemeMatch?.[1]?.toLowerCase() ?? 'http';
  if (scheme !== 'http' && scheme !== 'https') {
    throw new ConfigError(`Cannot use OLLAMA_HOST \`${text}\`: expected \`host:port\` or an http(s) URL, e.g. 127.0.0.1:11434.`);
  }
  const rest = schemeMatch ? text.slice(schemeMatch[0].length) : text;
  const slash = rest.indexOf('/');
  const hostPort = slash === -1 ? rest : rest.slice(0, slash);
  const path = slash === -1 ? '' : rest.slice(slash).replace(/\/+$/, '');
  const defaultPort = schemeMatch === null ? '11434' : scheme === 'https' ? '443' : '80';
  const { host, port } = splitHostPort(hostPort);
  const dialled = host === '' || host === '0.0.0.0' ? '127.0.0.1' : host === '::' ? '::1' : host;
  const url = `${scheme}://${dialled.includes(':') ? `[${dialled}]` : dialled}:${port ?? defaultPort}${path}`;
  if (!URL.canParse(url)) throw new ConfigError(`Cannot use OLLAMA_HOST \`${text}\`: expected \`host:port\` or an http(s) URL, e.g. 127.0.0.1:11434.`);
  return url;
}

function splitHostPort(hostPort: string): { host: string; port: string | null } {
  const bracketed = /^\[([^\]]*)\](?::(\d+))?$/.exec(hostPort);
  if (bracketed) return { host: bracketed[1] ?? '', port: bracketed[2] ?? null };
  // A bare IPv6 address has more than one colon and no port.
  if ((hostPort.match(/:/g) ?? []).length > 1) return { host: hostPort, port: null };
  const withPort = /^(.*):(\d+)$/.exec(hostPort);
  if (withPort) return { host: withPort[1] ?? '', port: withPort[2] ?? null };
  return { host: hostPort, port: null };
}
