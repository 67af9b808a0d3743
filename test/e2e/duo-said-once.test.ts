import { chmod, mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { expectEndedWhole, sampleReview, useDebateRepos } from '../helpers/e2e.js';
import { scriptedAgent, startCli } from '../helpers/run-cli.js';

// `duo` runs two sides, each of which checks the same settings at start-up: what both say alike, it says once.
const repos = useDebateRepos();

const count = (text: string, part: string) => text.split(part).length - 1;

describe('duo says once what both sides say alike', () => {
  it('an --agent both sides refuse: its error once, exit 2, no "Interrupted" after it', async () => {
    const repo = await repos.repo();
    const exit = await startCli(['duo', '--agent', 'nosuch', 'HEAD'], { cwd: repo.dir }).exited;
    expect(exit.code, exit.stderr).toBe(2);
    expect(exit.stderr).toBe(
      'code-debate: Cannot use the agent `nosuch`: expected one of `auto`, `builtin`, `claude[:<model>]`, `codex[:<model>]`, `gemini[:<model>]`, ' +
        '`openai:<model>`, `ollama:<model>`, `human`, `cmd:<program> [args...]`, e.g. --agent builtin.\n',
    );
  });

  it('a `cmd:` program not on PATH: its error once, not the stopped side\'s "Interrupted"', async () => {
    const repo = await repos.repo();
    const exit = await startCli(['duo', '--agent', 'cmd:no-such-program', 'HEAD'], { cwd: repo.dir }).exited;
    expect(exit.code, exit.stderr).toBe(2);
    expect(count(exit.stderr, 'code-debate: Cannot run the agent `cmd:no-such-program`')).toBe(1);
    expect(exit.stderr).not.toContain('Interrupted');
  });

  it('bubblewrap that cannot run: its warning once per run, the debate going on without the sandbox', async () => {
    const repo = await repos.repo();
    // A bwrap that refuses, as one in a container that forbids user namespaces does.
    const bin = path.join(repo.dir, '..', `${path.basename(repo.dir)}-bin`);
    await mkdir(bin);
    repos.onCleanup(() => rm(bin, { recursive: true, force: true }));
    await writeFile(path.join(bin, 'bwrap'), '#!/bin/sh\necho "bwrap: setting up uid map: Permission denied" >&2\nexit 1\n');
    await chmod(path.join(bin, 'bwrap'), 0o755);
    const reviewer = await repo.script('reviewer', { review: sampleReview });
    const responder = await repo.script('responder', { response: '### R1. Debug output left in\n**Agreed**: it goes.\n' });
    const exit = await startCli(
      ['duo', '--reviewer-agent', scriptedAgent(reviewer.script, reviewer.log), '--responder-agent', scriptedAgent(responder.script, responder.log), 'HEAD'],
      { cwd: repo.dir, env: { CODE_DEBATE_SANDBOX: 'on', PATH: `${bin}${path.delimiter}${process.env.PATH ?? ''}` } },
    ).exited;
    expect(exit.code, exit.stderr).toBe(0);
    expectEndedWhole(await repo.readReply());
    expect(count(exit.stderr, 'warning: bubblewrap (`bwrap`) cannot run here (bwrap: setting up uid map: Permission denied), so agent `cmd')).toBe(1);
  });
});
