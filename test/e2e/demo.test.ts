import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { startCli } from '../helpers/run-cli.js';

// `code-debate demo` is a new user's first run: it must say what it is doing, show the debate,
// and end by saying what happened and what to try next, with nothing left behind.
describe('code-debate demo', () => {
  it('starts by saying what it plants, ends with what happened and what to try next, and leaves no repository behind', async () => {
    const demo = await startCli(['demo'], { cwd: process.cwd() }).exited;
    expect(demo.code, demo.stderr).toBe(0);
    const lines = demo.stderr.split('\n');
    expect(lines[0]).toMatch(
      /^code-debate demo: a throw-away repository whose branch plants debug output, a live-looking API key, a TODO and source changed without tests \(removed at the end; --keep keeps it\)\.$/,
    );
    expect(lines[1]).toContain('on the built-in agent, which finds patterns like these, not logic bugs.');
    expect(demo.stderr).not.toContain('warning:');
    expect(demo.stdout).toContain('## CONSENSUS');
    expect(demo.stderr).toContain('code-debate demo: the debate ended: above is reply.md as the two sides wrote it');
    expect(demo.stderr).toContain('Next: in your own repository, run `code-debate "the diff against main"` in two terminals');
    // No path is printed that is gone by the end.
    const paths = demo.stderr.match(/\/\S*code-debate-demo-\S*/g) ?? [];
    expect(paths).toEqual([]);
  });

  it('with --keep names the repository it kept, which is there', async () => {
    const demo = await startCli(['demo', '--keep'], { cwd: process.cwd() }).exited;
    expect(demo.code, demo.stderr).toBe(0);
    const kept = /kept in (\S+)\)\./.exec(demo.stderr)?.[1] ?? '';
    expect(existsSync(`${kept}/reply.md`)).toBe(true);
    expect(demo.stderr).toContain(`The repository is in ${kept} to look around`);
    await rm(kept, { recursive: true, force: true });
  });
});
