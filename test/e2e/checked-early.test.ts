import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readFile, symlink } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { statePaths } from '../../src/session/state-paths.js';
import { useDebateRepos, type DebateRepo } from '../helpers/e2e.js';
import { startCli } from '../helpers/run-cli.js';

// Mistakes that can be seen before a role is claimed are refused then, with exit 2: no claim, no
// info/exclude line, no file, and no peer left waiting for a first turn that cannot come.
const repos = useDebateRepos();
const exclude = (repo: DebateRepo) => readFile(path.join(repo.dir, '.git', 'info', 'exclude'), 'utf8').catch(() => '');

describe('checked before the claim', () => {
  it.each([
    [['--file', 'nodir/x.md', 'HEAD'], 'Cannot use `nodir/x.md` as the debate file: its folder', 'nodir/x.md'],
    [['--agent', 'cmd:/nonexistent/agent', 'HEAD'], 'Cannot run the agent `cmd:/nonexistent/agent`: `/nonexistent/agent` is not an executable file.', 'reply.md'],
    [['--agent', 'cmd:no-such-agent-program --fast', 'HEAD'], 'Cannot run the agent `cmd:no-such-agent-program --fast`: `no-such-agent-program` is not on PATH.', 'reply.md'],
    [['--agent', 'cmd:', 'HEAD'], 'Cannot run the agent `cmd:`: expected a program after `cmd:`', 'reply.md'],
    [['--agent', 'human', 'HEAD'], 'Cannot use the agent `human`: it opens your editor, which needs a terminal', 'reply.md'],
    [['--agent', 'gpt5', 'HEAD'], 'Cannot use the agent `gpt5`: expected one of', 'reply.md'],
    [['--agent', 'claud', 'HEAD'], 'Cannot use the agent `claud`: did you mean `claude`? Expected one of `auto`, `builtin`', 'reply.md'],
    [['--responder-agent', 'olama:qwen', 'HEAD'], 'Cannot use the agent `olama:qwen`: did you mean `ollama:qwen`?', 'reply.md'],
    [['--agent', 'Builtin', 'HEAD'], 'Cannot use the agent `Builtin`: did you mean `builtin`?', 'reply.md'],
    [
      ['stat'],
      '`stat` names no command, revision, existing path or pull request: did you mean `code-debate status`? To debate it as free text, give it as `code-debate --subject "stat"`.',
      'reply.md',
    ],
    [['version'], '`version` names no command, revision, existing path or pull request: did you mean `code-debate --version`?', 'reply.md'],
    [['src/nonexistent.js'], '`src/nonexistent.js` looks like a path, and there is no such file or folder in ', 'reply.md'],
    [
      ['--turn-timeout', '10', 'minutes', 'HEAD'],
      '`--turn-timeout 10 minutes`: a duration is one word, and `minutes` would be read as the subject. Write `--turn-timeout 10m`.',
      'reply.md',
    ],
    [['duo', 'mian'], '`mian` names no command, revision, existing path or pull request: did you mean `code-debate duo main`?', 'reply.md'],
  ])('%j', async (argv, message, file) => {
    const repo = await repos.repo();
    const before = await exclude(repo);
    const side = await startCli(argv, { cwd: repo.dir }).exited;
    expect(side.code, side.stderr).toBe(2);
    expect(side.stderr).toContain(message);
    expect(side.stderr).not.toContain('I am the');
    expect(await exclude(repo)).toBe(before);
    expect(existsSync(path.join(repo.dir, file))).toBe(false);
    const claims = statePaths(path.join(repo.dir, '.git'), repo.dir, path.join(repo.dir, file)).dir;
    expect(existsSync(path.join(claims, 'reviewer.json'))).toBe(false);
  });
});

describe('an agent CLI that is not installed', () => {
  it.each([
    ['claude', 'Claude Code', 'claude', '@anthropic-ai/claude-code'],
    ['codex:gpt-5', 'Codex', 'codex', '@openai/codex'],
    ['gemini', 'Gemini CLI', 'gemini', '@google/gemini-cli'],
  ])('--agent %s is refused before the claim, saying how to install it', async (spec, product, cli, npmPackage) => {
    const repo = await repos.repo();
    // PATH holds git alone, so no claude, codex or gemini is found whatever this machine has.
    const bin = path.join(repo.dir, '..', 'only-git');
    await mkdir(bin, { recursive: true });
    await symlink(execFileSync('which', ['git'], { encoding: 'utf8' }).trim(), path.join(bin, 'git')).catch(() => undefined);
    const side = await startCli(['--agent', spec, 'HEAD'], { cwd: repo.dir, env: { PATH: bin } }).exited;
    expect(side.code, side.stderr).toBe(2);
    expect(side.stderr).toBe(
      `code-debate: Cannot use the agent \`${spec}\`: ${product} is not installed here (\`${cli}\` is not on PATH). ` +
        `Install it (\`npm install -g ${npmPackage}\`), or choose another --agent, e.g. --agent builtin.\n`,
    );
    expect(existsSync(path.join(repo.dir, 'reply.md'))).toBe(false);
    expect(existsSync(path.join(statePaths(path.join(repo.dir, '.git'), repo.dir, path.join(repo.dir, 'reply.md')).dir, 'reviewer.json'))).toBe(false);
  });
});

describe('free text given as such', () => {
  it.each([[['--subject', 'stat']], [['--', 'stat']]])('%j is a subject of one word', async (argv) => {
    const repo = await repos.repo();
    const exit = await startCli(['--role', 'reviewer', '--turn-timeout', '1s', ...argv], { cwd: repo.dir }).exited;
    expect(exit.stderr).toContain('I am the Reviewer');
    expect(exit.code, exit.stderr).toBe(3);
    expect(await readFile(path.join(repo.dir, 'reply.md'), 'utf8')).toMatch(/^# Code Debate: stat\n/);
  });
});

describe("only this side's agent is checked for running", () => {
  it('a headless Reviewer may name a human Responder for the other terminal', async () => {
    const repo = await repos.repo();
    const side = startCli(['--role', 'reviewer', '--reviewer-agent', 'builtin', '--responder-agent', 'human', '--turn-timeout', '1s', 'HEAD'], { cwd: repo.dir });
    const exit = await side.exited;
    expect(exit.stderr).toContain('I am the Reviewer');
    expect(exit.code, exit.stderr).toBe(3);
  });
});

describe("usage mistakes are exit 2, in the user's words", () => {
  it.each([
    [['-C', '/nonexistent/dir', 'HEAD'], 'Cannot find a git work tree at `/nonexistent/dir`, expected an existing directory.'],
    [['--max-rounds', '-1', 'HEAD'], 'Expected `--max-rounds` to be a whole number from 1 to 100, got `-1`.'],
    [['--turn-timeout', '-5m', 'HEAD'], 'Expected `--turn-timeout` to be a duration like 90s, 10m or 1h, got `-5m`.'],
  ])('%j', async (argv, message) => {
    const repo = await repos.repo();
    const side = await startCli(argv, { cwd: repo.dir }).exited;
    expect(side.code, side.stderr).toBe(2);
    expect(side.stderr.startsWith(`code-debate: ${message}`), side.stderr).toBe(true);
    expect(side.stderr).not.toContain('ambiguous');
  });
});
