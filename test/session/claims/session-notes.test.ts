import { mkdir, readdir, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readRemoteSessionNote, sweepRemoteSessionNotes, writeRemoteSessionNote } from '../../../src/session/claims/session-claim.js';
import { statePaths } from '../../../src/session/state-paths.js';
import { useTempDir } from '../../helpers/temp-dir.js';

const tempDir = useTempDir('session-notes');

async function setup() {
  const root = await tempDir();
  await mkdir(path.join(root, '.git'));
  const paths = statePaths(path.join(root, '.git'), root, path.join(root, 'reply.md'));
  const note = (id: string) => path.join(paths.dir, `session-${id}.json`);
  const age = (id: string, ms: number) => utimes(note(id), new Date(Date.now() - ms), new Date(Date.now() - ms));
  const left = async () => (await readdir(paths.dir)).filter((name) => name.startsWith('session-')).sort();
  return { paths, note, age, left };
}

describe("a remote session's note in the clone", () => {
  it('is swept once unused for twice its lease; a note in use, or one that cannot be read, is left', async () => {
    const { paths, note, age, left } = await setup();
    await writeRemoteSessionNote(paths, 'a1', { subject: 'HEAD', leaseMs: 1_000 });
    await writeRemoteSessionNote(paths, 'b2', { subject: 'HEAD', leaseMs: 1_000 });
    await writeRemoteSessionNote(paths, 'c3', { subject: 'HEAD', leaseMs: 60_000 });
    await writeFile(note('d4'), 'not a note');
    await age('a1', 5_000);
    await age('c3', 5_000);
    await age('d4', 5_000);
    // b2 was old too, but its session called again: reading the note marks it used.
    await age('b2', 5_000);
    expect(await readRemoteSessionNote(paths, 'b2')).toEqual({ subject: 'HEAD', leaseMs: 1_000 });
    await sweepRemoteSessionNotes(paths);
    expect(await left()).toEqual(['session-b2.json', 'session-c3.json', 'session-d4.json']);
  });

  it('sweeps nothing where there is no state folder yet', async () => {
    const { paths } = await setup();
    await expect(sweepRemoteSessionNotes(paths)).resolves.toBeUndefined();
  });
});
