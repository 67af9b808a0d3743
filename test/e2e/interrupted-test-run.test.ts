import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { start } from '../helpers/run-cli.js';
import { waitFor } from '../helpers/wait-for.js';
import { processesWithEnv } from '../session/processes.js';
import { useTempDir } from '../helpers/temp-dir.js';

// Ctrl-C while `npm test` runs reaches vitest's whole process group (vitest, its workers and the
// sides they started there), not the groups of their own that agents and some sides lead.
const root = fileURLToPath(new URL('../..', import.meta.url));
const tempDir = useTempDir('interrupted');

describe('a test run interrupted by Ctrl-C', () => {
  it('leaves no process it started running: agents run in the workers, sides, their agents, sides leading their own group', async () => {
    // What the run makes in the temporary folder it makes in this test's, removed after it.
    const dir = await tempDir();
    const ready = path.join(dir, 'ready');
    const mark = randomUUID();
    const vitest = start(process.execPath, [path.join(root, 'node_modules/vitest/vitest.mjs'), 'run', '--config', 'test/fixtures/interrupt/vitest.config.ts'], {
      cwd: root,
      env: { INTERRUPT_READY: ready, INTERRUPT_MARK: mark, TMPDIR: dir },
      detached: true,
    });
    await waitFor(() => existsSync(ready) || vitest.child.exitCode !== null, 'the fixture to start its processes', 40_000);
    expect(existsSync(ready), vitest.output().stdout + vitest.output().stderr).toBe(true);
    expect(processesWithEnv('INTERRUPT_MARK', mark).length).toBeGreaterThan(4);
    process.kill(-(vitest.child.pid ?? 0), 'SIGINT');
    await vitest.exited;
    let survivors: string[] = [];
    await waitFor(() => (survivors = processesWithEnv('INTERRUPT_MARK', mark)).length === 0, 'every process of the run to end', 10_000).catch(() => undefined);
    // Whatever outlived the run is stopped here, so that a failure of this test leaves nothing behind either.
    for (const survivor of survivors) process.kill(Number(survivor.split(' ')[0]), 'SIGKILL');
    expect(survivors).toEqual([]);
  }, 90_000);
});
