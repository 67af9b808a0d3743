import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { makeGitRepo } from '../helpers/git-repo.js';
import { startCli } from '../helpers/run-cli.js';

describe('code-debate install-commands', () => {
  const cleanups: Array<() => Promise<void>> = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0)) await cleanup();
  });

  async function setUp() {
    const repo = await makeGitRepo({ 'a.txt': 'a\n' });
    const home = await mkdtemp(path.join(os.tmpdir(), 'code-debate-home-'));
    cleanups.push(repo.cleanup, () => rm(home, { recursive: true, force: true }));
    const run = (...args: string[]) => startCli(['install-commands', ...args], { cwd: repo.dir, env: { HOME: home, CODEX_HOME: path.join(home, '.codex') } }).exited;
    return { repo, home, run };
  }

  it("writes each CLI's /code-debate command, says where, and removes only what it wrote", async () => {
    const { repo, home, run } = await setUp();
    const claude = path.join(repo.dir, '.claude', 'commands', 'code-debate.md');
    const gemini = path.join(repo.dir, '.gemini', 'commands', 'code-debate.toml');
    const codex = path.join(home, '.codex', 'prompts', 'code-debate.md');
    const policy = path.join(home, '.gemini', 'policies', 'code-debate.toml');
    const installed = await run('all');
    expect(installed.code, installed.stderr).toBe(0);
    expect(installed.stdout).toContain(`Wrote Claude Code's /code-debate command: ${claude}`);
    expect(installed.stdout).toContain(`Wrote Codex's /code-debate command: ${codex}`);
    expect(installed.stdout).toContain(`Wrote Gemini CLI's /code-debate command: ${gemini}`);
    const claudeText = await readFile(claude, 'utf8');
    // Claude Code may run the two commands and read-only git and file tools, nothing else.
    expect(claudeText).toMatch(
      /^---\n[\s\S]*\nallowed-tools: Bash\(code-debate turn:\*\), Bash\(code-debate submit:\*\), Bash\(git diff:\*\), Bash\(git show:\*\), Bash\(git log:\*\), Read, Grep, Glob\n---\n/,
    );
    expect(claudeText).toContain('Run `code-debate turn $ARGUMENTS`');
    expect(await readFile(codex, 'utf8')).toContain('Run `code-debate turn $ARGUMENTS`');
    const geminiText = await readFile(gemini, 'utf8');
    expect(geminiText).toContain('Run `code-debate turn {{args}}`');
    expect(geminiText).toMatch(/^# written by code-debate install-commands\ndescription = "[^"]+"\nprompt = '''\n[^]*\n'''\n$/);
    expect(geminiText.match(/'''/g)).toHaveLength(2);
    // Gemini CLI headless runs only the shell commands a policy allows: these two, from the user's folder.
    expect(installed.stdout).toContain(`Wrote Gemini CLI's policy that lets /code-debate run \`code-debate turn\` and \`submit\`: ${policy}`);
    const rules = path.join(home, '.codex', 'rules', 'code-debate.rules');
    expect(installed.stdout).toContain(`Wrote Codex's rule that lets /code-debate run \`code-debate turn\` and \`submit\`: ${rules}`);
    expect(await readFile(rules, 'utf8')).toMatch(/\nprefix_rule\(pattern = \["code-debate", \["turn", "submit"\]\], decision = "allow"\)\n$/);
    const policyText = await readFile(policy, 'utf8');
    expect(policyText).toContain('toolName = "run_shell_command"\ncommandPrefix = ["code-debate turn", "code-debate submit"]\ndecision = "allow"');
    expect(policyText.match(/decision/g)).toHaveLength(1);

    // A command of the user's own is neither replaced nor removed.
    await writeFile(claude, 'my own command\n');
    const again = await run('claude');
    expect(again.code).toBe(2);
    expect(again.stdout).toContain(`Left ${claude} as it is: code-debate did not write it.`);
    expect(await readFile(claude, 'utf8')).toBe('my own command\n');
    const removed = await run('all', '--uninstall');
    expect(removed.stdout).toContain(`Removed Gemini CLI's /code-debate command: ${gemini}`);
    expect(removed.stdout).toContain(`Removed Codex's /code-debate command: ${codex}`);
    expect(await readFile(claude, 'utf8')).toBe('my own command\n');
    await expect(readFile(gemini, 'utf8')).rejects.toThrow(/ENOENT/);
    await expect(readFile(policy, 'utf8')).rejects.toThrow(/ENOENT/);
    await expect(readFile(rules, 'utf8')).rejects.toThrow(/ENOENT/);
  });

  it('with --user, writes into the home folder, and refuses a CLI it does not know', async () => {
    const { home, run } = await setUp();
    const installed = await run('claude', '--user');
    expect(installed.code, installed.stderr).toBe(0);
    expect(await readFile(path.join(home, '.claude', 'commands', 'code-debate.md'), 'utf8')).toContain('allowed-tools:');
    const wrong = await run('cursor');
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toContain('Expected `code-debate install-commands claude|codex|gemini|all`, got `code-debate install-commands cursor`');
  });
});
