import { describe, expect, it } from 'vitest';
import { classifyAgentFailure, stripAnsi } from '../../../src/agents/presets/classify-agent-failure.js';

// The texts are what the real CLIs printed (claude 2.1.197, codex 0.169.0, gemini 0.61.0).
describe('classifyAgentFailure', () => {
  it.each([
    ['claude', 'Not logged in · Please run /login', 1, 'auth'],
    ['claude', 'Invalid API key · Fix external API key\nstatus 401', 1, 'auth'],
    ['claude:opus', "There's an issue with the selected model (claude-nope). It may not exist or you may not have access to it.", 1, 'model-not-found'],
    ['claude', 'API Error: Request rejected (429) · Number of request tokens has exceeded your per-minute rate limit', 1, 'rate-limited'],
    ['claude', 'API Error: 529 Overloaded. This is a server-side issue, usually temporary', 1, 'rate-limited'],
    ['claude', 'API Error: Unable to connect to API (ConnectionRefused)', 1, 'crashed'],
    ['claude', 'API Error: Request timed out.', 1, 'timed-out'],
    [
      'codex',
      '2026-11-22T07:34:34.912670Z ERROR codex_models_manager::manager: failed to refresh available models: Connection failed: error sending request',
      undefined,
      'crashed',
    ],
    ['codex', 'ERROR: unexpected status 401 Unauthorized: Incorrect API key provided: sk-bad., url: http://127.0.0.1/v1/responses', 1, 'auth'],
    ['codex', 'ERROR: The model `gpt-nope` does not exist or you do not have access to it.', 1, 'model-not-found'],
    ['codex:o3', "ERROR: The requested model 'gpt-nope' does not exist.", 1, 'model-not-found'],
    ['codex', 'ERROR: exceeded retry limit, last status: 429 Too Many Requests', 1, 'rate-limited'],
    ['codex', 'ERROR: Quota exceeded. Check your plan and billing details.', 1, 'rate-limited'],
    ['codex', "ERROR: You've hit your usage limit. Try again later.", 1, 'rate-limited'],
    ['gemini', 'Please set an Auth method in your ~/.gemini/settings.json or specify one of the following environment variables', 41, 'auth'],
    ['gemini', 'anything at all', 41, 'auth'],
    ['gemini', '\u001b[31mGemini CLI is not running in a trusted directory.\u001b[0m', 55, 'auth'],
    ['gemini', 'API key not valid. Please pass a valid API key.', 144, 'auth'],
    ['gemini', 'ModelNotFoundError: models/gemini-nope is not found for API version v1beta, or is not supported for generateContent.', 1, 'model-not-found'],
    ['gemini', 'Attempt 1 failed with status 429. Retrying with backoff... _ApiError: {"error":{"code":429,"status":"RESOURCE_EXHAUSTED"}}', undefined, 'rate-limited'],
    ['claude', 'API Error: 500 {"type":"error","error":{"type":"api_error","message":"Internal server error"}}', 1, 'server-error'],
    ['codex', "ERROR: We're currently experiencing high demand, which may cause temporary errors.", 1, 'server-error'],
    ['codex', 'ERROR: unexpected status 503 Service Unavailable: upstream connect error', 1, 'server-error'],
    ['gemini', 'Attempt 1 failed with status 500. Retrying with backoff... _ApiError: {"error":{"code":500,"status":"INTERNAL"}}', undefined, 'server-error'],
    ['codex', 'ERROR: Reconnecting... 1/5\nERROR: Reconnecting... 5/5', undefined, 'server-error'],
    ['claude', '/bin/sh: claude: command not found', 127, 'not-installed'],
    ['cmd:./agent', "/usr/bin/env: 'node': No such file or directory", 127, 'not-installed'],
    ['claude', 'TypeError: Cannot read properties of undefined', 1, 'crashed'],
  ] as const)('%s: %j (exit %s) is %s', (agent, text, exitCode, kind) => {
    expect(classifyAgentFailure(agent, text, exitCode).kind).toBe(kind);
  });

  it('does not read line numbers of a stack trace as HTTP statuses', () => {
    const trace = 'Error: boom\n    at run (file:///bundle/chunk.js:401:24)\n    at main (file:///bundle/chunk.js:429:3)';
    expect(classifyAgentFailure('gemini', trace, 1).kind).toBe('crashed');
  });

  it('quotes the line that gave the failure away, and says what to do for each CLI', () => {
    expect(classifyAgentFailure('codex', 'OpenAI Codex v0.169.0\nERROR: exceeded retry limit, last status: 429 Too Many Requests\n', 1)).toEqual({
      kind: 'rate-limited',
      evidence: 'ERROR: exceeded retry limit, last status: 429 Too Many Requests',
      advice:
        "Codex is being rate limited, is overloaded, or its account is out of quota: wait a few minutes and run code-debate again (it resumes where the debate stands), check the plan's limits and billing, or choose another --agent.",
    });
    expect(classifyAgentFailure('claude:sonnet', 'Not logged in · Please run /login', 1).advice).toBe(
      'Claude Code is not logged in or its credentials were refused: run `claude auth login` (or `claude`, then /login), or set ANTHROPIC_API_KEY.',
    );
    expect(classifyAgentFailure('codex', 'ERROR: unexpected status 401 Unauthorized', 1).advice).toBe(
      'Codex is not logged in or its credentials were refused: run `codex login`, or set CODEX_API_KEY ' +
        '(codex exec does not read OPENAI_API_KEY; `printenv OPENAI_API_KEY | codex login --with-api-key` stores that key).',
    );
    expect(classifyAgentFailure('gemini', '', 41)).toEqual({
      kind: 'auth',
      evidence: null,
      advice:
        'Gemini CLI is not logged in or its credentials were refused: run `gemini` once in a terminal and sign in, or set GEMINI_API_KEY ' +
        '(for Vertex AI: GOOGLE_GENAI_USE_VERTEXAI=true with GOOGLE_CLOUD_PROJECT and GOOGLE_CLOUD_LOCATION, or GOOGLE_API_KEY).',
    });
    expect(classifyAgentFailure('gemini', '', 127).advice).toBe('Install Gemini CLI (`npm install -g @google/gemini-cli`) so that `gemini` is on PATH, or choose another --agent.');
    expect(classifyAgentFailure('claude', 'segfault', 139)).toEqual({
      kind: 'crashed',
      evidence: null,
      advice: 'Run `claude` by hand in this repository to see the whole error, and `claude --version` to check the install.',
    });
  });

  it('applies gemini exit codes to gemini only', () => {
    expect(classifyAgentFailure('codex', 'something', 41).kind).toBe('crashed');
    expect(classifyAgentFailure('cmd:./x', 'Invalid API key', 1)).toEqual({
      kind: 'auth',
      evidence: 'Invalid API key',
      advice: 'The agent is not logged in or its credentials were refused: check its login or API key.',
    });
  });

  it('strips terminal colours', () => {
    expect(stripAnsi('\u001b[31mred\u001b[0m and \u001b[1;32mgreen\u001b[0m')).toBe('red and green');
  });
});
