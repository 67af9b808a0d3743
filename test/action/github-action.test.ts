import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { expectEndedWhole, useDebateRepos, type DebateRepo } from '../helpers/e2e.js';
import { scriptedAgent, start } from '../helpers/run-cli.js';
import { sarifSchemaErrors } from '../helpers/sarif-schema.js';

// The GitHub Action's script, run as the runner would run it: a pull_request event, the runner's files, a fake gh.
const repos = useDebateRepos();
const script = fileURLToPath(new URL('../../bin/github-action.mjs', import.meta.url));
const actionYml = fileURLToPath(new URL('../../action.yml', import.meta.url));
const fakeGh = fileURLToPath(new URL('../fixtures/gh', import.meta.url));

async function runner(repo: DebateRepo, inputs: Record<string, string>, event: unknown = undefined) {
  const dir = path.dirname(repo.dir);
  const files = { event: path.join(dir, 'event.json'), output: path.join(dir, 'output.txt'), summary: path.join(dir, 'summary.md'), comments: path.join(dir, 'comments.json') };
  const base = await repo.git('rev-parse', 'main');
  await writeFile(
    files.event,
    JSON.stringify(event ?? { action: 'opened', pull_request: { number: 42, base: { sha: base, ref: 'main' }, head: { sha: await repo.git('rev-parse', 'HEAD') } } }),
  );
  await Promise.all([writeFile(files.output, ''), writeFile(files.summary, ''), writeFile(files.comments, '[]')]);
  const env = {
    GITHUB_ACTIONS: 'true',
    GITHUB_EVENT_NAME: 'pull_request',
    GITHUB_EVENT_PATH: files.event,
    GITHUB_OUTPUT: files.output,
    GITHUB_STEP_SUMMARY: files.summary,
    RUNNER_TEMP: dir,
    PATH: `${fakeGh}${path.delimiter}${process.env.PATH ?? ''}`,
    FAKE_GH_MODE: 'success',
    FAKE_GH_COMMENTS: files.comments,
    CODE_DEBATE_GITHUB_TOKEN: 'the-workflow-token',
    CODE_DEBATE_AGENT: '',
    ...Object.fromEntries(Object.entries(inputs).map(([name, value]) => [`INPUT_${name.toUpperCase().replace(/-/g, '_')}`, value])),
  };
  const exit = await start(process.execPath, [script], { cwd: repo.dir, env }).exited;
  const outputs = Object.fromEntries(
    (await readFile(files.output, 'utf8'))
      .trim()
      .split('\n')
      .filter(Boolean)
      .map((line) => line.split('=') as [string, string]),
  );
  return { exit, outputs, files };
}

describe('the GitHub Action', () => {
  it('debates the pull request, annotates it, writes the job summary, comments on it and leaves a valid SARIF for the upload step', async () => {
    const repo = await repos.repo();
    const { exit, outputs, files } = await runner(repo, { agent: 'builtin' });
    expect(exit.code, exit.stderr).toBe(0);
    expectEndedWhole(await repo.readReply());
    expect(exit.stdout).toMatch(/^::warning file=src\/app\.js,line=2,title=code-debate R1 /m);
    expect(outputs).toEqual({ 'sarif-file': path.join(path.dirname(repo.dir), 'code-debate', 'code-debate.sarif'), 'exit-code': '0', fork: 'false', blocked: 'false' });
    // What the agents print cannot be taken for a command: duo runs between stop-commands and its token.
    const pause = /^::stop-commands::(code-debate-[0-9a-f]{24})$/m.exec(exit.stdout)?.[1];
    expect(exit.stdout).toContain(`::${pause}::`);
    expect(sarifSchemaErrors(JSON.parse(await readFile(outputs['sarif-file'] ?? '', 'utf8')))).toEqual([]);
    const summary = await readFile(files.summary, 'utf8');
    expect(summary.startsWith('<!-- code-debate summary -->\n')).toBe(true);
    const comments = JSON.parse(await readFile(files.comments, 'utf8')) as Array<{ body: string }>;
    expect(comments.map((comment) => comment.body)).toEqual([summary.replace(/\n$/, '')]);
  });

  it('fails the step when a point blocks, unless fail-on-blocking is false; either way it says blocked', async () => {
    const repo = await repos.repo();
    const blocking = await runner(repo, { agent: 'builtin', 'block-on': 'medium', 'post-comment': 'false' });
    expect(blocking.exit.code, blocking.exit.stderr).toBe(1);
    expect(blocking.outputs.blocked).toBe('true');
    expect(JSON.parse(await readFile(blocking.files.comments, 'utf8'))).toEqual([]);
    const repo2 = await repos.repo();
    const lenient = await runner(repo2, { agent: 'builtin', 'block-on': 'medium', 'post-comment': 'false', 'fail-on-blocking': 'false' });
    expect(lenient.exit.code, lenient.exit.stderr).toBe(0);
    expect(lenient.outputs.blocked).toBe('true');
  });

  it('refuses an event without a pull request, as an annotated error', async () => {
    const repo = await repos.repo();
    const { exit } = await runner(repo, { agent: 'builtin' }, { ref: 'refs/heads/main' });
    expect(exit.code).toBe(2);
    expect(exit.stdout).toContain('::error title=code-debate::This action debates a pull request, and the event `pull_request` has none');
  });

  it('passes every input of action.yml to the script, and the script reads only inputs action.yml declares', async () => {
    const yml = await readFile(actionYml, 'utf8');
    const declared = [...yml.slice(yml.indexOf('inputs:'), yml.indexOf('outputs:')).matchAll(/^ {2}([\w-]+):$/gm)].map((match) => match[1] ?? '');
    const passed = [...yml.matchAll(/^ {8}INPUT_([A-Z_]+): \$\{\{ inputs\.([\w-]+) \}\}$/gm)].map((match) => [match[1], match[2]]);
    for (const [variable, name] of passed) expect(variable).toBe(name?.toUpperCase().replace(/-/g, '_'));
    expect(passed.map(([, name]) => name).sort()).toEqual(declared.filter((name) => name !== 'upload-sarif').sort());
    const read = [...(await readFile(script, 'utf8')).matchAll(/input\('([\w-]+)'/g)].map((match) => match[1]);
    for (const name of read) expect(declared).toContain(name);
  });

  it("never hands the workflow's token to the agents, and comments nothing on a fork's pull request", async () => {
    const repo = await repos.repo();
    const script = await repo.script('agent', {});
    const base = await repo.git('rev-parse', 'main');
    const fork = { pull_request: { number: 7, base: { sha: base, repo: { full_name: 'acme/shop' } }, head: { repo: { full_name: 'mallory/shop' } } } };
    const { exit, outputs, files } = await runner(repo, { agent: scriptedAgent(script.script, script.log) }, fork);
    expect(exit.code, exit.stderr).toBe(0);
    expect(outputs.fork).toBe('true');
    expect(exit.stdout).toContain('::notice title=code-debate::The pull request comes from a fork, whose token cannot comment');
    expect(JSON.parse(await readFile(files.comments, 'utf8'))).toEqual([]);
    const calls = (await readFile(script.log, 'utf8'))
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { env: Record<string, string> });
    expect(calls.length).toBeGreaterThan(0);
    for (const call of calls) expect(Object.keys(call.env)).not.toContain('CODE_DEBATE_GITHUB_TOKEN');
  });
});
