import { AgentError } from '../errors.js';
import type { Agent } from './agent.js';
import { cliAgentError } from './cli-agent-error.js';
import { cliAgentName } from './cli-agent-names.js';
import { runCliAgent } from './cli-agent-run.js';
import { createCliSession, withCliSession } from './cli-agent-session.js';
import { failurePrefix, stderrTail } from './run-agent-process.js';

/**
 * `--agent codex[:<model>]`: Codex's non-interactive `codex exec`, reading the prompt on stdin.
 *
 * Checked against codex-cli 0.169.0 (`codex exec --help`, and runs against a local server standing
 * in for the Responses API through `-c openai_base_url=...`):
 * - `-` as the prompt reads it from stdin, which must be closed; the final message alone goes to
 *   stdout, the banner, the echoed prompt, progress and `ERROR: ...` lines to stderr. The same
 *   text `--output-last-message <file>` writes, so stdout is enough and needs no temporary file.
 * - `--sandbox read-only` runs the model's commands in a read-only sandbox, and `exec` never asks
 *   for approval (its banner says `approval: never`, `sandbox: read-only`): reviewing never edits
 *   the repository. `--skip-git-repo-check` lets it run where it does not see a git repository.
 * - The key for `exec` is CODEX_API_KEY, or what `codex login` stored: with only OPENAI_API_KEY set
 *   its requests carried no Authorization header. Failures exit 1 with `ERROR: unexpected status
 *   401 Unauthorized: ...`, `ERROR: The model ... does not exist ...`, `ERROR: exceeded retry
 *   limit, last status: 429 Too Many Requests`; with no network it waits for one
 *   (`ERROR: Reconnecting... waiting for network`) until the deadline.
 * - The banner says `session id: <uuid>`; `codex exec resume -c sandbox_mode="read-only" <id> -`
 *   continues that conversation (its banner says `sandbox: read-only` again), so later turns send
 *   only what is new. An unknown id fails with `no rollout found for thread id`: the turn then
 *   starts afresh.
 */
export function createCodexAgent(options: { model: string | null }): Agent {
  const name = cliAgentName('codex', options.model);
  const session = createCliSession();
  return {
    name,
    startsEarly: true,
    writeTurn: (request) =>
      withCliSession(session, request, async ({ resume, input, request: turn }) => {
        const output = {
          errorText: ({ stderr }: { stderr: string }) => codexErrorText(stderr, input),
          shownStderr: (stderr: string) => hidePrompt(stderr, input),
        };
        const args = resume === null ? codexArgs(options.model) : codexResumeArgs(options.model, resume);
        const outcome = await runCliAgent(name, { program: 'codex', args, input }, turn, output);
        const shownStderr = output.shownStderr(outcome.stderr);
        if (outcome.exitCode !== 0) {
          const happened = `it exited with code ${outcome.exitCode}`;
          throw cliAgentError(name, turn, { happened, reported: null, text: output.errorText(outcome), outcome, shownStderr });
        }
        if (outcome.stdout.trim() === '') {
          throw new AgentError(
            `${failurePrefix(name, turn)}: it printed no final message on stdout, and a turn needs the section's text.${stderrTail(shownStderr)}`,
            'empty-output',
            { cause: outcome },
          );
        }
        session.remember(/^session id:\s*(\S+)\s*$/m.exec(outcome.stderr)?.[1] ?? null, turn);
        return outcome.stdout;
      }),
  };
}

/** The argv after `codex`: exec, read-only sandbox, the model when given, the prompt from stdin. */
export function codexArgs(model: string | null): string[] {
  return ['exec', '--sandbox', 'read-only', '--skip-git-repo-check', ...(model === null ? [] : ['--model', model]), '-'];
}

/** The argv that continues conversation `id`: `exec resume` has no `--sandbox`, so the setting is passed as config. */
export function codexResumeArgs(model: string | null, id: string): string[] {
  return ['exec', 'resume', '-c', 'sandbox_mode="read-only"', '--skip-git-repo-check', ...(model === null ? [] : ['--model', model]), id, '-'];
}

/**
 * What of codex's stderr explains a failure: its error lines, or all of it when there are none,
 * never the prompt it echoes (the diff under review must not be read as an error).
 */
export function codexErrorText(stderr: string, prompt: string): string {
  const own = hidePrompt(stderr, prompt);
  // `ERROR: ...` for the user, `<time> ERROR <module>: ...` from its log, a Rust panic.
  const errors = own.split('\n').filter((line) => /^\s*(error\b|thread '.*' panicked)|^\S+Z\s+ERROR\s/i.test(line));
  return errors.length > 0 ? errors.join('\n') : own;
}

/** Codex's stderr with the prompt it echoes replaced by a note, so the end of stderr shows codex's own lines. */
export function hidePrompt(stderr: string, prompt: string): string {
  const echoed = prompt.trim();
  if (echoed === '') return stderr;
  return stderr.split(echoed).join(`[the prompt, ${echoed.split('\n').length} lines]`);
}
