import { fileURLToPath } from 'node:url';
import { AgentError } from '../../errors.js';
import type { Agent } from '../agent.js';
import { cliAgentError } from './cli-agent-error.js';
import { asRecord, readTrailingJson } from './cli-agent-json.js';
import { cliAgentName } from './cli-agent-names.js';
import { runCliAgent } from './cli-agent-run.js';
import { cliProgress, geminiEventReader } from './cli-progress.js';
import { geminiTroubleText, readGeminiEvents } from './gemini-events.js';
import { readGeminiUsage } from '../read-usage.js';
import { failurePrefix, stderrTail } from '../run-agent-process.js';

/** Gemini appends `-p` to what it reads on stdin: this follows the prompt. */
export const geminiInstruction = 'Write the section the instructions above ask for. Reply with its Markdown text only.';
/** What follows the prompt of a turn answered in JSON (one with an answerSchema): Gemini CLI cannot be given the schema itself. */
export const geminiJsonInstruction = 'Write the answer the instructions above ask for. Reply with its JSON object only.';

/**
 * `--agent gemini[:<model>]`: Gemini CLI in headless mode, the prompt on stdin.
 *
 * Checked against gemini 0.61.0 (`gemini --help`, and runs against a local server standing in for
 * the API through GOOGLE_GEMINI_BASE_URL):
 * - `-p <text>` runs headless and is "appended to input on stdin": the request held the prompt,
 *   then the instruction. `-o stream-json` prints its events on stdout as they happen (its tool
 *   calls are the turn's progress; see gemini-events.ts), ending with a `result` that holds the
 *   stats, or the error; it exits with the error's code & 0xff (41 no credentials, printed on
 *   stderr alone; 144 for a 400 "API key not valid", 1 for an unknown model). `-o json` would
 *   say nothing until the end.
 * - `--approval-mode plan` is the read-only mode (`--help`: "plan (read-only mode)"): its policy
 *   denies every tool but reading ones, and lets write_file only write plans under ~/.gemini/tmp.
 *   But headless mode approves `exit_plan_mode` on its own ("Plan approved. Switching to YOLO
 *   mode", its docs/cli/plan-mode.md): a model, or a prompt injected through the diff, could then
 *   write. `--policy templates/gemini-read-only.toml` denies that tool and every writing one.
 * - `--skip-trust` trusts the folder for this run: without it, headless gemini in an untrusted
 *   folder exits 55 ("Gemini CLI is not running in a trusted directory ..."), and the approval
 *   mode is overridden to "default" first.
 * - A 429 is retried with backoff for minutes ("Attempt 1 failed with status 429. Retrying ...")
 *   until the deadline; runCliAgent reports that as rate limiting.
 * - It has no flag for structured output (nothing in `--help`; its requests carry no
 *   `responseSchema` nor `responseMimeType`): a turn with an answerSchema sends no schema, only
 *   geminiJsonInstruction in place of the Markdown one, since the prompt asks for JSON; the
 *   `response` comes back as the model wrote it (bare, or in a ```json fence) for the session to check.
 */
export function createGeminiAgent(options: { model: string | null }): Agent {
  const name = cliAgentName('gemini', options.model);
  return {
    name,
    startsEarly: true,
    async writeTurn(request) {
      const args = geminiArgs(options.model, request.answerSchema !== undefined);
      const run = { program: 'gemini', args, input: request.prompt, onLine: cliProgress(request, geminiEventReader()) };
      const outcome = await runCliAgent(name, run, request, { errorText: ({ stdout, stderr }) => `${geminiTroubleText(readGeminiEvents(stdout))}\n${stderr}` });
      const events = readGeminiEvents(outcome.stdout);
      // A fatal error is the result's; an invalid answer (empty, blocked) an error event's; a JSON error on stderr is -o json's way, kept for a CLI that falls back to it.
      const error = geminiError(events.result) ?? events.errors.at(-1) ?? geminiError(readTrailingJson(outcome.stderr));
      const what = failurePrefix(name, request);
      if (outcome.exitCode === 0 && error === null) {
        if (events.result?.status !== 'success') {
          throw new AgentError(
            `${what}: it printed no \`result\` event on stdout (expected from -o stream-json). Check that \`gemini --version\` is 0.61 or later.` + stderrTail(outcome.stderr),
            'bad-output',
            { cause: outcome },
          );
        }
        if (events.answer.trim() === '') {
          throw new AgentError(`${what}: it wrote no text after its last tool call, and a turn needs the section's text.${stderrTail(outcome.stderr)}`, 'empty-output', {
            cause: outcome,
          });
        }
        const usage = readGeminiUsage(asRecord(events.result.stats));
        if (usage !== null) request.onUsage?.(usage);
        return events.answer;
      }
      if (unknownPolicy.test(outcome.stderr)) {
        throw new AgentError(
          `${what}: this Gemini CLI does not take \`--policy\`, which code-debate needs to keep it read-only (plan mode alone lets the model leave it and write). ` +
            'Update it: `npm install -g @google/gemini-cli@latest` (0.61 or later), or choose another --agent.',
          'not-installed',
          { cause: outcome },
        );
      }
      const happened = error === null ? `it exited with code ${outcome.exitCode}` : `Gemini CLI reported an error (exit code ${outcome.exitCode})`;
      throw cliAgentError(name, request, { happened, reported: error, text: `${geminiTroubleText(events)}\n${outcome.stderr}`, outcome });
    },
  };
}

/** The policy that keeps a headless Gemini read-only, shipped in the package's `templates/` (three levels up from `dist/agents/presets/`). */
export const geminiPolicyFile = fileURLToPath(new URL('../../../templates/gemini-read-only.toml', import.meta.url));

/**
 * The argv after `gemini`: headless with the instruction (for an answer in JSON when `json`), its
 * events as JSON lines, read-only (plan mode and the policy), trusted, the model when given.
 */
export function geminiArgs(model: string | null, json = false): string[] {
  return [
    '-p',
    json ? geminiJsonInstruction : geminiInstruction,
    '-o',
    'stream-json',
    '--approval-mode',
    'plan',
    '--policy',
    geminiPolicyFile,
    '--skip-trust',
    ...(model === null ? [] : ['--model', model]),
  ];
}

/** yargs' refusal of an option this Gemini CLI does not know: `Unknown argument: policy`. */
const unknownPolicy = /Unknown arguments?:[^\n]*\bpolicy\b/i;

/**
 * The message of `{"error":{"message":...}}`, unwrapped from Gemini CLI's `[API Error: ...]` (on a
 * line of its own: a 429's advice follows it) and from the API's JSON error body when it is one.
 */
export function geminiError(json: Record<string, unknown> | null): string | null {
  const error = json?.error;
  if (typeof error !== 'object' || error === null) return null;
  const said = (error as Record<string, unknown>).message;
  if (typeof said !== 'string') return JSON.stringify(error);
  const message = /^\[API Error: (.*)\]$/m.exec(said)?.[1] ?? said;
  const inner = readTrailingJson(message)?.error;
  const innerMessage = typeof inner === 'object' && inner !== null ? (inner as Record<string, unknown>).message : undefined;
  return typeof innerMessage === 'string' ? innerMessage : message;
}
