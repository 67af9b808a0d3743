import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { expectEndedWhole, useDebateRepos } from '../helpers/e2e.js';
import { startCli } from '../helpers/run-cli.js';
import { sarifSchemaErrors } from '../helpers/sarif-schema.js';

// A real debate (two processes, the builtin agent), then `show` in every format from the command line.
const repos = useDebateRepos();

describe('code-debate show --format', () => {
  it('writes SARIF to --output, annotations to stdout and the summary to GITHUB_STEP_SUMMARY, all from the one debate', async () => {
    const repo = await repos.repo();
    const duo = await startCli(['duo', '--agent', 'builtin', 'the diff against main'], { cwd: repo.dir }).exited;
    expect(duo.code, duo.stderr).toBe(0);
    expectEndedWhole(await repo.readReply());

    const sarifFile = path.join(path.dirname(repo.dir), 'debate.sarif');
    const sarif = await startCli(['show', '--format', 'sarif', '--output', sarifFile], { cwd: repo.dir }).exited;
    expect(sarif.code, sarif.stderr).toBe(0);
    expect(sarif.stdout).toBe('');
    expect(sarif.stderr).toContain(`wrote the sarif report to ${sarifFile}`);
    const log = JSON.parse(await readFile(sarifFile, 'utf8')) as {
      runs: Array<{
        results: Array<{ properties: { pointId: string }; locations: Array<{ physicalLocation: { artifactLocation: { uri: string }; region: { startLine: number } } }> }>;
        versionControlProvenance: Array<{ revisionId: string }>;
      }>;
    };
    expect(sarifSchemaErrors(log)).toEqual([]);
    const results = log.runs[0]?.results ?? [];
    expect(results[0]?.properties.pointId).toBe('R1');
    expect(results[0]?.locations[0]?.physicalLocation).toMatchObject({ artifactLocation: { uri: 'src/app.js' }, region: { startLine: 2 } });
    expect(log.runs[0]?.versionControlProvenance[0]?.revisionId).toBe(await repo.git('rev-parse', 'HEAD'));

    const summaryFile = path.join(path.dirname(repo.dir), 'step-summary.md');
    await writeFile(summaryFile, '# Earlier step\n');
    const github = await startCli(['show', '--format', 'github'], { cwd: repo.dir, env: { GITHUB_STEP_SUMMARY: summaryFile } }).exited;
    expect(github.code, github.stderr).toBe(0);
    expect(github.stdout).toMatch(/^::warning file=src\/app\.js,line=2,title=code-debate R1 \(medium%2C confirmed\)%3A /m);
    const summary = await readFile(summaryFile, 'utf8');
    expect(summary.startsWith('# Earlier step\n<!-- code-debate summary -->\n')).toBe(true);
    expect(summary).toContain('| R1. Debug output left in \\`src/app.js\\` | medium | resolved | HIGH | raised | agreed |');

    const markdown = await startCli(['show', '--format', 'markdown'], { cwd: repo.dir }).exited;
    expect(markdown.stdout).toBe(summary.slice('# Earlier step\n'.length).replace(/\n$/, ''));
    const json = JSON.parse((await startCli(['show', '--json'], { cwd: repo.dir }).exited).stdout) as { points: Array<{ id: string; evidence: Array<{ check: string }> }> };
    expect(json.points.map((point) => point.id)).toEqual(results.map((result) => result.properties.pointId));
    // The debate's header names its commit: the citations are checked against it.
    expect(json.points[0]?.evidence[0]?.check).toBe('ok');
  });

  it('refuses an --output that is the debate file itself, and an unknown format, writing nothing', async () => {
    const repo = await repos.repo();
    await startCli(['duo', '--agent', 'builtin', 'the diff against main'], { cwd: repo.dir }).exited;
    const before = await repo.readReply();
    const over = await startCli(['show', '--format', 'sarif', '--output', 'reply.md'], { cwd: repo.dir }).exited;
    expect(over.code).toBe(2);
    expect(over.stdout).toContain(`--output ${repo.file} is the debate file itself: choose another file for the report.`);
    expect(await repo.readReply()).toBe(before);
    const unknown = await startCli(['show', '--format', 'pdf'], { cwd: repo.dir }).exited;
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('Expected `--format` to be one of text, json, markdown, sarif, github, html, got `pdf`.');
  });
});

describe('code-debate duo --report', () => {
  it('writes every report asked for once the debate ends, each as show --format would', async () => {
    const repo = await repos.repo();
    const out = path.dirname(repo.dir);
    const duo = await startCli(['duo', '--agent', 'builtin', '--report', `sarif:${out}/r.sarif`, '--report', 'github:../r.github', 'the diff against main'], { cwd: repo.dir })
      .exited;
    expect(duo.code, duo.stderr).toBe(0);
    expect(sarifSchemaErrors(JSON.parse(await readFile(path.join(out, 'r.sarif'), 'utf8')))).toEqual([]);
    const shown = await startCli(['show', '--format', 'github'], { cwd: repo.dir, env: { GITHUB_STEP_SUMMARY: '' } }).exited;
    expect(await readFile(path.join(out, 'r.github'), 'utf8')).toBe(shown.stdout);
    expect(duo.stderr).toContain(`wrote the sarif report to ${out}/r.sarif`);
  });

  it('refuses a --report that names no format it knows', async () => {
    const repo = await repos.repo();
    const exit = await startCli(['duo', '--report', 'pdf:r.pdf', 'HEAD'], { cwd: repo.dir }).exited;
    expect(exit.code).toBe(2);
    expect(exit.stderr).toContain(
      'Expected `--report` to be <format>:<file> with a format of text, json, markdown, sarif, github, html, e.g. --report sarif:review.sarif, got `pdf:r.pdf`.',
    );
  });
});

describe('code-debate show --post-to-pr', () => {
  const fakeGh = fileURLToPath(new URL('../fixtures/gh', import.meta.url));

  it('posts the summary through gh once, then edits that comment instead of adding another', async () => {
    const repo = await repos.repo();
    await startCli(['duo', '--agent', 'builtin', 'the diff against main'], { cwd: repo.dir }).exited;
    const comments = path.join(path.dirname(repo.dir), 'comments.json');
    // Someone else's comment that starts with the marker is never taken for ours.
    await writeFile(
      comments,
      JSON.stringify([
        { id: 7, user: { login: 'octo' }, body: 'LGTM, but see the bot.' },
        { id: 8, user: { login: 'mallory' }, body: '<!-- code-debate summary -->\nfake' },
      ]),
    );
    const log = path.join(path.dirname(repo.dir), 'gh.jsonl');
    const env = { PATH: `${fakeGh}${path.delimiter}${process.env.PATH ?? ''}`, FAKE_GH_MODE: 'success', FAKE_GH_COMMENTS: comments, FAKE_GH_LOG: log };
    const first = await startCli(['show', '--post-to-pr', '42'], { cwd: repo.dir, env }).exited;
    expect(first.code, first.stderr).toBe(0);
    expect(first.stderr).toContain('posted the summary on pull request 42');
    const summary = (await startCli(['show', '--format', 'markdown'], { cwd: repo.dir }).exited).stdout;
    const read = async () => JSON.parse(await readFile(comments, 'utf8')) as Array<{ id: number; body: string }>;
    expect((await read()).slice(2)).toEqual([{ id: 1002, user: { login: 'code-debate-bot' }, body: summary }]);

    const second = await startCli(['show', '--post-to-pr', 'https://github.com/acme/shop/pull/42'], { cwd: repo.dir, env }).exited;
    expect(second.stderr).toContain('updated the summary code-debate posted on pull request https://github.com/acme/shop/pull/42');
    expect((await read()).map((comment) => comment.id)).toEqual([7, 8, 1002]);
    expect((await read())[1]?.body).toBe('<!-- code-debate summary -->\nfake');
    const calls = (await readFile(log, 'utf8'))
      .trim()
      .split('\n')
      .map((line) => (JSON.parse(line) as { argv: string[] }).argv);
    expect(calls[1]?.slice(0, 3)).toEqual(['api', '--paginate', 'repos/{owner}/{repo}/issues/42/comments?per_page=100']);
    expect(calls.at(-1)?.slice(0, 4)).toEqual(['api', '--method', 'PATCH', 'repos/acme/shop/issues/comments/1002']);
  });

  it('says how to log gh in when it is not, exit 6', async () => {
    const repo = await repos.repo();
    await startCli(['duo', '--agent', 'builtin', 'the diff against main'], { cwd: repo.dir }).exited;
    const env = { PATH: `${fakeGh}${path.delimiter}${process.env.PATH ?? ''}`, FAKE_GH_MODE: 'not-logged-in' };
    const exit = await startCli(['show', '--post-to-pr', '42'], { cwd: repo.dir, env }).exited;
    expect(exit.code).toBe(6);
    expect(exit.stderr).toContain('Cannot post the summary to pull request #42, expected gh to be logged in to GitHub');
  });
});
