import { existsSync } from 'node:fs';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useDebateRepos } from '../helpers/e2e.js';
import { startCli } from '../helpers/run-cli.js';

// A word meant as a command never starts a debate: no archive of the finished one, no agent called.
const repos = useDebateRepos();
const finished =
  '# Code Debate: HEAD\n\n## Review\n\n### R1. Debug output left in\n**Severity:** low\n\n---\n\n## Response 1\n\n### R1\n**Agreed**\n\n---\n\n## CONSENSUS\n\n**Outcome:** consensus\n';

describe('subcommand words', () => {
  it('`show reply.md` shows the finished debate, and leaves it where it is', async () => {
    const repo = await repos.repo();
    await writeFile(repo.file, finished);
    const shown = await startCli(['show', 'reply.md'], { cwd: repo.dir }).exited;
    expect(shown.code, shown.stderr).toBe(0);
    expect(shown.stdout).toContain('Code Debate: HEAD: consensus');
    expect(await repo.readReply()).toBe(finished);
  });

  it.each([
    [['stauts'], '`stauts` is not a command: did you mean `code-debate status`?'],
    [['show', 'me', 'the', 'parser'], '`show` is a command (`code-debate show <file>`), and it takes no `the parser`.'],
    [['archive', 'x', 'y'], '`archive` is a command (`code-debate archive <file>`), and it takes no `y`.'],
  ])('%j is refused with exit 2 before anything happens: the finished debate is not archived, no side starts', async (argv, message) => {
    const repo = await repos.repo();
    await writeFile(repo.file, finished);
    const run = await startCli(argv, { cwd: repo.dir }).exited;
    expect(run.code, run.stderr).toBe(2);
    expect(run.stderr).toContain(message);
    expect(run.stderr).not.toContain('I am the');
    expect(await repo.readReply()).toBe(finished);
  });

  it('`archive <file>` moves only a debate: a tracked source file or a non-debate file stays where it is', async () => {
    const repo = await repos.repo();
    await writeFile(path.join(repo.dir, 'notes.md'), '# Notes\n\nkeep me\n');
    for (const [file, reason] of [
      ['src/app.js', 'git tracks it'],
      ['notes.md', 'it exists and is not a debate'],
    ]) {
      const run = await startCli(['archive', file ?? ''], { cwd: repo.dir }).exited;
      expect(run.code, run.stdout + run.stderr).toBe(2);
      expect(run.stdout).toContain(`code-debate archive: ${file} is not a debate file: ${reason}`);
      expect(existsSync(path.join(repo.dir, file ?? ''))).toBe(true);
    }
  });

  it('`show --help` prints the help of show, and `show --agent x` is refused', async () => {
    const repo = await repos.repo();
    const help = await startCli(['show', '--help'], { cwd: repo.dir }).exited;
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('\nUSAGE\n  code-debate show [<file>] [options]\n');
    expect(help.stdout.replace(/\s+/g, ' ')).toContain("--format <format> the report's format: text, json, markdown, sarif, github, html (default: text)");
    const refused = await startCli(['show', '--agent', 'builtin'], { cwd: repo.dir }).exited;
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('`--agent` does not apply to `code-debate show`');
  });

  it('a subject that starts with a command word is debated when quoted: `-- show me the parser`', async () => {
    const repo = await repos.repo();
    const run = await startCli(['--role', 'reviewer', '--turn-timeout', '1s', '--', 'show', 'me', 'the', 'parser'], { cwd: repo.dir }).exited;
    expect(run.code, run.stderr).toBe(3);
    expect((await readFile(path.join(repo.dir, 'reply.md'), 'utf8')).split('\n')[0]).toBe('# Code Debate: show me the parser');
  });

  it('a settings file a debate refuses is refused by status, show and archive too, in the same words and with exit 2', async () => {
    const repo = await repos.repo();
    await writeFile(path.join(repo.dir, '.code-debate.json'), '{"file":"debate.md","maxRounds":0}\n');
    await writeFile(repo.file, finished);
    const debate = await startCli(['HEAD'], { cwd: repo.dir }).exited;
    expect(debate.code, debate.stderr).toBe(2);
    expect(debate.stderr).toContain('expected `maxRounds` to be a whole number from 1 to 100, got `0`.');
    for (const command of ['status', 'show', 'archive']) {
      const run = await startCli([command], { cwd: repo.dir }).exited;
      expect([command, run.code, run.stdout, run.stderr]).toEqual([command, 2, '', debate.stderr]);
    }
    expect(await repo.readReply()).toBe(finished);
  });

  it('`show` and `status` read an archived debate and write nothing in the archive; other paths in .git, and archive or keep-edit of it, are refused', async () => {
    const repo = await repos.repo();
    await writeFile(repo.file, finished);
    const archive = await startCli(['archive'], { cwd: repo.dir }).exited;
    const moved = /^Archived reply\.md to (\S+)\n$/.exec(archive.stdout)?.[1] ?? '';
    const archived = path.relative(repo.dir, moved);
    expect(archived).toMatch(/^\.git\/code-debate\/reply\.md-[0-9a-f]{8}\/archive\/[\dT-]+Z-[0-9a-f]{8}-reply\.md$/);
    const folder = path.dirname(moved);
    const shown = await startCli(['show', archived], { cwd: repo.dir }).exited;
    expect(shown.code, shown.stdout + shown.stderr).toBe(0);
    expect(shown.stdout).toContain('Code Debate: HEAD: consensus');
    const state = await startCli(['status', archived], { cwd: repo.dir }).exited;
    expect(state.code, state.stdout + state.stderr).toBe(0);
    expect(state.stdout.split('\n').slice(0, 2)).toEqual([
      `Debate     ${archived} · Code Debate: HEAD · archived, read only`,
      'Round      1, ended (## CONSENSUS, outcome consensus)',
    ]);
    const into = await startCli(['show', archived, '--format', 'html', '--output', `${archived}.html`], { cwd: repo.dir }).exited;
    expect([into.code, into.stdout]).toEqual([
      2,
      `code-debate show: --output ${moved}.html is in the archive of debates, which is only read: choose a file in the work tree for the report.\n`,
    ]);
    for (const command of ['archive', 'keep-edit']) {
      const refused = await startCli([command, archived], { cwd: repo.dir }).exited;
      expect([command, refused.code]).toEqual([command, 2]);
      expect(refused.stdout).toContain(`it resolves to ${moved}, inside a git directory`);
    }
    expect(await readdir(folder)).toEqual([path.basename(moved)]);
    expect(await readFile(moved, 'utf8')).toBe(finished);
    for (const other of ['.git/config', '.git/HEAD', `${path.dirname(path.dirname(archived))}/write.lock`]) {
      const run = await startCli(['show', other], { cwd: repo.dir }).exited;
      expect([other, run.code]).toEqual([other, 2]);
      expect(run.stdout).toContain('inside a git directory');
    }
  });

  it('`status --archived` lists each archived debate, the latest first, with its date, outcome, subject and the path to read it by', async () => {
    const repo = await repos.repo();
    const empty = await startCli(['status', '--archived'], { cwd: repo.dir }).exited;
    expect([empty.code, empty.stdout]).toEqual([
      0,
      `No archived debates under ${path.join(repo.dir, '.git', 'code-debate')}: \`code-debate archive\` keeps a finished debate there.\n`,
    ]);
    const stopped = finished.replace('HEAD', 'the diff against main').replace('**Outcome:** consensus', '**Outcome:** stopped');
    const moved: string[] = [];
    for (const text of [finished, stopped]) {
      await writeFile(repo.file, text);
      const archive = await startCli(['archive'], { cwd: repo.dir }).exited;
      moved.push(path.relative(repo.dir, /^Archived reply\.md to (\S+)\n$/.exec(archive.stdout)?.[1] ?? ''));
    }
    // The minute it was archived, from the name archive gave it: `…/archive/2026-11-22T10-10-00-000Z-…`.
    const stamp = (file: string | undefined) =>
      /\/archive\/([\d-]+)T(\d\d)-(\d\d)-/
        .exec(file ?? '')
        ?.slice(1, 4)
        .join(' ')
        .replace(/ (\d\d) (\d\d)$/, ' $1:$2') ?? '';
    const listed = await startCli(['status', '--archived'], { cwd: repo.dir }).exited;
    expect(listed.code, listed.stderr).toBe(0);
    expect(listed.stdout).toBe(
      [
        '2 archived debates, the latest first; `code-debate show <path>` reads one, `code-debate status <path>` its state:',
        `${stamp(moved[1])} UTC · stopped · the diff against main`,
        `  ${moved[1]}`,
        `${stamp(moved[0])} UTC · consensus · HEAD`,
        `  ${moved[0]}`,
        '',
      ].join('\n'),
    );
    const json = await startCli(['status', '--archived', '--json'], { cwd: repo.dir }).exited;
    expect(JSON.parse(json.stdout)).toEqual({
      version: 1,
      archived: [
        { path: moved[1], archivedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/), subject: 'the diff against main', outcome: 'stopped', problem: null },
        { path: moved[0], archivedAt: expect.stringMatching(/Z$/), subject: 'HEAD', outcome: 'consensus', problem: null },
      ],
    });
  });
});
