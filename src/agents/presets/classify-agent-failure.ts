import type { AgentFailureKind } from '../../errors.js';
import { cliAgentProducts, cliNameOf, type CliName } from './cli-agent-names.js';

/** What a failed agent run means, and what the user can do about it. */
export interface AgentFailure {
  kind: AgentFailureKind;
  /** The diagnosis and the fix, one or two sentences, e.g. "Claude Code is not logged in ...: run ...". */
  advice: string;
  /** The line of the agent's output that gave the failure away (trimmed), or null. */
  evidence: string | null;
}

interface Rule {
  kind: AgentFailureKind;
  pattern: RegExp;
  advice: (cli: CliName | null) => string;
}

/**
 * Classifies a failed run of an agent CLI from what it printed (stderr, stdout, the error of its
 * JSON result) and its exit code. Pure. The texts are the ones the real CLIs print, observed with
 * claude 2.1.197, codex 0.169.0 and gemini 0.61.0 against local servers answering 401, 404, 429:
 *   claude  "Not logged in · Please run /login", "Invalid API key · Fix external API key",
 *           "There's an issue with the selected model (x). It may not exist ...",
 *           "API Error: Request rejected (429) · ...", "API Error: 529 Overloaded. ..."
 *   codex   "ERROR: unexpected status 401 Unauthorized: ...", "ERROR: The model `x` does not exist
 *           or you do not have access to it.", "ERROR: exceeded retry limit, last status: 429 Too
 *           Many Requests", "ERROR: Quota exceeded. Check your plan and billing details."
 *   gemini  exit 41 "Please set an Auth method ...", "API key not valid" (exit 144: 400 & 0xff),
 *           "ModelNotFoundError: models/x is not found ...", "Attempt 1 failed with status 429",
 *           exit 55 "Gemini CLI is not running in a trusted directory ..."
 * and against 500 and 503: claude "API Error: 500 ...", codex "ERROR: We're currently
 * experiencing high demand, which may cause temporary errors.", gemini "Attempt 1 failed with
 * status 500". Anything unrecognised is `crashed`.
 */
export function classifyAgentFailure(agentName: string, text: string, exitCode: number | undefined): AgentFailure {
  const cli = cliNameOf(agentName);
  const lines = stripAnsi(text)
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '');
  const byExit = classifyExitCode(cli, exitCode);
  if (byExit) return { ...byExit, evidence: null };
  for (const rule of rules) {
    const line = lines.find((candidate) => rule.pattern.test(candidate));
    if (line !== undefined) return { kind: rule.kind, advice: rule.advice(cli), evidence: shorten(line) };
  }
  return { kind: 'crashed', advice: crashAdvice(cli), evidence: null };
}

/** Removes terminal colour codes (gemini prints its exit-55 message in red even to a pipe). */
export function stripAnsi(text: string): string {
  return text.replace(/\u001b\[[0-9;?]*[A-Za-z]/g, '');
}

function classifyExitCode(cli: CliName | null, exitCode: number | undefined): Omit<AgentFailure, 'evidence'> | null {
  if (exitCode === 127) return { kind: 'not-installed', advice: installAdvice(cli) };
  // Gemini CLI's FatalAuthenticationError and FatalUntrustedWorkspaceError exit codes.
  if (cli === 'gemini' && exitCode === 41) return { kind: 'auth', advice: authAdvice(cli) };
  if (cli === 'gemini' && exitCode === 55) {
    // Not a login problem, but like one the user must grant something first: retrying cannot help.
    return {
      kind: 'auth',
      advice:
        'Gemini CLI refused to run in a folder it does not trust, although code-debate passes --skip-trust (a setting may forbid it): ' +
        'run `gemini` once in this repository and trust it, or set GEMINI_CLI_TRUST_WORKSPACE=true.',
    };
  }
  return null;
}

const rules: readonly Rule[] = [
  {
    kind: 'not-installed',
    pattern: /command not found|: not found$|env: .?node.?: No such file or directory/i,
    advice: installAdvice,
  },
  {
    kind: 'model-not-found',
    pattern:
      /\bmodels?\b.{0,120}\b(not found|does not exist|doesn't exist|not supported|is not available|unknown|invalid)\b|issue with the selected model|not_found_error|model_not_found|ModelNotFoundError|(unknown|invalid) model\b/i,
    advice: modelAdvice,
  },
  {
    kind: 'auth',
    pattern:
      /not logged in|not signed in|please run \/login|invalid api key|invalid x-api-key|incorrect api key|api key not valid|API_KEY_INVALID|authentication_error|authentication failed|unauthori[sz]ed|missing bearer|invalid bearer|oauth token (has )?(expired|revoked)|please set an auth method|must specify the GEMINI_API_KEY|permission_error|PERMISSION_DENIED|(status|code)\D{0,4}40[13]\b/i,
    advice: authAdvice,
  },
  {
    kind: 'rate-limited',
    pattern:
      /rate.?limit|too many requests|(status|code|rejected)\D{0,4}(429|529)\b|\b529 overloaded|\boverloaded|RESOURCE_EXHAUSTED|quota|usage limit|hit your limit|credit balance is too low|no capacity/i,
    advice: (cli) =>
      `${product(cli)} is being rate limited, is overloaded, or its account is out of quota: wait a few minutes and run code-debate again ` +
      "(it resumes where the debate stands), check the plan's limits and billing, or choose another --agent.",
  },
  {
    kind: 'server-error',
    pattern:
      /experiencing high demand|internal server error|service unavailable|bad gateway|gateway time-?out|api_error\b|(status|code|error:?)\D{0,4}5(0[0-4]|2[0-8])\b|\b50[0234] (internal|service|bad|gateway)/i,
    advice: (cli) =>
      `${product(cli)}'s service failed on its side (a server error, or too much demand): run code-debate again in a few minutes ` +
      "(it resumes where the debate stands); if it keeps failing, check the provider's status page or choose another --agent.",
  },
  {
    kind: 'timed-out',
    pattern: /timed? ?out\b|deadline exceeded|ETIMEDOUT/i,
    advice: (cli) => `${product(cli)}'s service did not answer in time: run code-debate again; if it keeps happening, raise --agent-timeout.`,
  },
  {
    kind: 'crashed',
    pattern:
      /unable to connect|failed to connect|connection failed|error sending request|ECONNREFUSED|ECONNRESET|ENOTFOUND|EAI_AGAIN|getaddrinfo|failed to lookup address|waiting for network|network is unreachable|fetch failed|connection (refused|reset|error)|stream disconnected/i,
    advice: (cli) => `${product(cli)} could not reach its service: check the network connection and any proxy settings (HTTPS_PROXY), then run code-debate again.`,
  },
  {
    // Codex retries a failing service (a 5xx) with `ERROR: Reconnecting... 3/5` and nothing else: after the network rule, which
    // names a connection that failed, this names a service that answered with errors.
    kind: 'server-error',
    pattern: /reconnecting\.{3} \d+\/\d+/i,
    advice: (cli) =>
      `${product(cli)}'s service kept failing (it retried and reconnected until it was stopped): run code-debate again in a few minutes ` +
      "(it resumes where the debate stands); if it keeps failing, check the provider's status page or choose another --agent.",
  },
];

function installAdvice(cli: CliName | null): string {
  if (cli === null) return 'Install the program, or choose another --agent.';
  return `Install ${product(cli)} (\`npm install -g ${cliAgentProducts[cli].npmPackage}\`) so that \`${cli}\` is on PATH, or choose another --agent.`;
}

function authAdvice(cli: CliName | null): string {
  const how: Record<CliName, string> = {
    claude: 'run `claude auth login` (or `claude`, then /login), or set ANTHROPIC_API_KEY',
    codex: 'run `codex login`, or set CODEX_API_KEY (codex exec does not read OPENAI_API_KEY; `printenv OPENAI_API_KEY | codex login --with-api-key` stores that key)',
    gemini:
      'run `gemini` once in a terminal and sign in, or set GEMINI_API_KEY (for Vertex AI: GOOGLE_GENAI_USE_VERTEXAI=true with GOOGLE_CLOUD_PROJECT and GOOGLE_CLOUD_LOCATION, or GOOGLE_API_KEY)',
  };
  if (cli === null) return 'The agent is not logged in or its credentials were refused: check its login or API key.';
  return `${product(cli)} is not logged in or its credentials were refused: ${how[cli]}.`;
}

function modelAdvice(cli: CliName | null): string {
  if (cli === null) return 'The model does not exist or this account cannot use it: choose another model.';
  const example = cli === 'claude' ? ' (e.g. `--agent claude:sonnet`)' : '';
  return (
    `The model does not exist or this account cannot use it: name one ${product(cli)} offers with \`--agent ${cli}:<model>\`${example}, ` +
    `or use \`--agent ${cli}\` for its default model.`
  );
}

/** Says nothing of stderr: the message after it quotes stderr's end, or says there was none. */
function crashAdvice(cli: CliName | null): string {
  if (cli === null) return 'Run the program by hand to see the whole error.';
  return `Run \`${cli}\` by hand in this repository to see the whole error, and \`${cli} --version\` to check the install.`;
}

function product(cli: CliName | null): string {
  return cli === null ? 'The agent' : cliAgentProducts[cli].product;
}

function shorten(line: string): string {
  return line.length <= 240 ? line : `${line.slice(0, 237)}...`;
}
