#!/usr/bin/env node
// What action.yml runs on a pull request: `code-debate duo` on the pull request's change with the
// configured agents, then the reports where the team looks: the SARIF file (uploaded by the next
// step), annotations and the job summary (`show --format github`), and the comment on the pull
// request (`--post-to-pr`, edited on later runs). Inputs come as INPUT_* variables, as GitHub
// passes them to actions; outputs go to $GITHUB_OUTPUT. Exits with duo's code (1: blocking
// points) unless fail-on-blocking is false.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { appendFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const cli = fileURLToPath(new URL('./code-debate.js', import.meta.url));
const env = process.env;
const input = (name, fallback = '') => (env[`INPUT_${name.toUpperCase().replace(/-/g, '_')}`] ?? '').trim() || fallback;

function fail(message) {
  process.stdout.write(`::error title=code-debate::${message.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A')}\n`);
  process.exit(2);
}

function output(name, value) {
  if (env.GITHUB_OUTPUT) appendFileSync(env.GITHUB_OUTPUT, `${name}=${value}\n`);
}

/** The pull request the workflow runs for: its number and base commit, and whether it comes from a fork, from the event GitHub wrote. */
function pullRequest() {
  if (!env.GITHUB_EVENT_PATH) fail('GITHUB_EVENT_PATH is not set: run this action from a GitHub Actions workflow.');
  const event = JSON.parse(readFileSync(env.GITHUB_EVENT_PATH, 'utf8'));
  const pr = event.pull_request;
  if (!pr?.number || !pr?.base?.sha) fail(`This action debates a pull request, and the event \`${env.GITHUB_EVENT_NAME ?? 'unknown'}\` has none: run it on \`pull_request\`.`);
  const fork = Boolean(pr.head?.repo?.full_name && pr.base?.repo?.full_name && pr.head.repo.full_name !== pr.base.repo.full_name);
  return { number: String(pr.number), base: pr.base.sha, fork };
}

// The token that may write to the pull request reaches only the step that posts: never the agents,
// which read the pull request's untrusted text and may run commands.
const token = env.CODE_DEBATE_GITHUB_TOKEN ?? '';
const agentEnv = Object.fromEntries(Object.entries(env).filter(([key]) => !['CODE_DEBATE_GITHUB_TOKEN', 'GH_TOKEN', 'GITHUB_TOKEN'].includes(key)));

function run(args, childEnv) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [cli, ...args], { stdio: 'inherit', env: childEnv });
    child.on('close', (code, signal) => resolve(code ?? (signal ? 128 : 70)));
  });
}

const pr = pullRequest();
const reports = path.join(env.RUNNER_TEMP || path.join(process.cwd(), '.code-debate-action'), 'code-debate');
mkdirSync(reports, { recursive: true });
const sarif = path.join(reports, 'code-debate.sarif');
const agent = input('agent', 'builtin');
const args = [
  'duo',
  '--reviewer-agent',
  input('reviewer-agent', agent),
  '--responder-agent',
  input('responder-agent', agent),
  '--block-on',
  input('block-on', 'high'),
  '--max-rounds',
  input('max-rounds', '5'),
  '--agent-timeout',
  input('agent-timeout', '8m'),
  '--turn-timeout',
  input('turn-timeout', '10m'),
  '--report',
  `sarif:${sarif}`,
  '--',
  input('subject', `the diff against ${pr.base}`),
];
// What the agents print reaches the job's log: the runner must not take a line of theirs for a command.
const pause = `code-debate-${randomBytes(12).toString('hex')}`;
process.stdout.write(`::stop-commands::${pause}\n`);
const code = await run(args, agentEnv);
process.stdout.write(`::${pause}::\n`);
// Only a SARIF that was written is offered to the upload step.
if (existsSync(sarif)) output('sarif-file', sarif);
output('exit-code', String(code));
if (code === 0 || code === 1 || code === 3) {
  // Annotations on stdout, the summary into $GITHUB_STEP_SUMMARY.
  await run(['show', '--format', 'github', '--block-on', input('block-on', 'high')], agentEnv);
  if (input('post-comment', 'true') === 'true') {
    if (pr.fork) process.stdout.write('::notice title=code-debate::The pull request comes from a fork, whose token cannot comment: the summary is in the job summary instead.\n');
    else if ((await run(['show', '--post-to-pr', pr.number, '--block-on', input('block-on', 'high')], { ...agentEnv, GH_TOKEN: token })) !== 0) {
      process.stdout.write('::warning title=code-debate::The summary could not be posted on the pull request (see above); the verdict stands.\n');
    }
  }
}
output('fork', String(pr.fork));
output('blocked', String(code === 1));
const failOnBlocking = input('fail-on-blocking', 'true') === 'true';
process.exit(code === 1 && !failOnBlocking ? 0 : code);
