import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { statePaths } from '../../src/session/state-paths.js';
import { expectEndedWhole, sampleReview, useDebateRepos } from '../helpers/e2e.js';
import { binPath, scriptedAgent, start, startCli } from '../helpers/run-cli.js';
import { waitFor } from '../helpers/wait-for.js';

// `code-debate … | head` closes the pipe while the side still writes to it: the debate must go
// on to its end, release everything and exit with the code of what happened.
const repos = useDebateRepos();

describe('a side whose output pipe closes', () => {
  it.each([
    ['stderr, `2>&1 | head -2`', '2>&1 | head -2'],
    ['stdout, `--json | head -1`', '--json | head -1'],
  ])('%s: the debate ends whole, exit 0, no temporary file, no claim left', async (_, pipe) => {
    const repo = await repos.repo();
    const script = await repo.script('agent', { review: sampleReview });
    const agent = scriptedAgent(script.script, script.log);
    const command = `"$NODE" "$BIN" --agent "$AGENT" --role reviewer HEAD ${pipe}; exit \${PIPESTATUS[0]}`;
    const reviewer = start('bash', ['-c', command], { cwd: repo.dir, env: { NODE: process.execPath, BIN: binPath, AGENT: agent, CODE_DEBATE_AGENT: 'builtin' } });
    await waitFor(async () => (await repo.readReply().catch(() => '')).includes('## Review'), 'the Review');
    const responder = startCli(['--agent', agent, 'HEAD'], { cwd: repo.dir });
    const [a, b] = await Promise.all([reviewer.exited, responder.exited]);
    expect([a.code, b.code], a.stderr + a.stdout + b.stderr).toEqual([0, 0]);
    expect(a.stderr + a.stdout).not.toContain('EPIPE');
    expectEndedWhole(await repo.readReply());
    expect((await readdir(repo.dir)).filter((name) => name.endsWith('.tmp'))).toEqual([]);
    const state = statePaths(path.join(repo.dir, '.git'), repo.dir, repo.file).dir;
    expect((await readdir(state)).filter((name) => /^(?:reviewer|responder)\.json$|\.lock$|\.tmp$/.test(name))).toEqual([]);
  });
});
