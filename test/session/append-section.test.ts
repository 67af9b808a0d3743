import { appendFileSync, utimesSync, writeFileSync } from 'node:fs';
import { chmod, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { appendSection, type AppendRequest } from '../../src/session/append-section.js';
import { checksumOf, createFileMemory, type FileState } from '../../src/session/read-debate-file.js';
import { useTempDir } from '../helpers/temp-dir.js';

const tempDir = useTempDir('append');

const review = '# Code Debate: HEAD\n\n## Review\n\n### R1. A point\n';
const response = '\n---\n\n## Response 1\n\n- R1: **Agreed**\n';

async function setup(initial?: string | Buffer) {
  const dir = await tempDir();
  const file = path.join(dir, 'reply.md');
  if (initial !== undefined) await writeFile(file, initial);
  // One writer's memory of its reads, as a side keeps: what it read and wrote since notes how the text grew.
  const memory = createFileMemory();
  const request = (overrides: Partial<AppendRequest> = {}): AppendRequest => ({
    file,
    lockPath: path.join(dir, 'write.lock'),
    memory,
    expectedChecksum: checksumOf(initial ?? ''),
    stillValid: () => false,
    render: () => response,
    ...overrides,
  });
  return { dir, file, request };
}

describe('appendSection', () => {
  it('creates the file when it does not exist yet', async () => {
    const { dir, file, request } = await setup();
    const rendered: FileState[] = [];
    const result = await appendSection(
      request({
        render: (current) => {
          rendered.push(current);
          return review;
        },
      }),
    );
    expect(rendered).toEqual([{ exists: false, bytes: Buffer.from(''), text: '', checksum: checksumOf('') }]);
    expect(result).toEqual({ written: true, state: { exists: true, bytes: Buffer.from(review), text: review, checksum: checksumOf(review) } });
    expect(await readFile(file, 'utf8')).toBe(review);
    expect((await stat(file)).mode & 0o777).toBe(0o644 & ~process.umask());
    expect(await readdir(dir)).toEqual(['reply.md']);
  });

  it('never replaces a file another writer created meanwhile', async () => {
    const { dir, file, request } = await setup();
    const peer = '# Code Debate: peer\n\n## Review\n\nThe peer was first.\n';
    const result = await appendSection(
      request({
        render: () => {
          writeFileSync(file, peer);
          return review;
        },
      }),
    );
    expect(result).toEqual({ written: false, current: { exists: true, bytes: Buffer.from(peer), text: peer, checksum: checksumOf(peer) } });
    expect(await readFile(file, 'utf8')).toBe(peer);
    expect(await readdir(dir)).toEqual(['reply.md']);
  });

  it('appends after every old byte, as it was: CRLF, trailing spaces, no final newline, non-ASCII', async () => {
    const old = Buffer.from('# Code Debate: café  \r\n\r\n## Review\r\n\r\n### R1. Naïve regex ✓   \r\nno final newline', 'utf8');
    const { dir, file, request } = await setup(old);
    const result = await appendSection(request());
    const bytes = await readFile(file);
    expect(bytes.subarray(0, old.length).equals(old)).toBe(true);
    expect(bytes.subarray(old.length).toString('utf8')).toBe(response);
    expect(result).toEqual({
      written: true,
      state: {
        exists: true,
        bytes: Buffer.from(old.toString('utf8') + response),
        text: old.toString('utf8') + response,
        checksum: checksumOf(bytes),
        growth: { prefix: old.toString('utf8'), appended: response },
      },
    });
    expect(await readdir(dir)).toEqual(['reply.md']);
  });

  it('writes anyway when the file was only touched between the read and the rename (an editor autosave)', async () => {
    const { file, request } = await setup(review);
    let renders = 0;
    const result = await appendSection(
      request({
        render: () => {
          renders++;
          if (renders === 1) utimesSync(file, new Date(2000, 0, 1), new Date(2000, 0, 1));
          return response;
        },
      }),
    );
    expect(renders).toBe(2);
    expect(result.written).toBe(true);
    expect(await readFile(file, 'utf8')).toBe(review + response);
  });

  it('writes back bytes that are not UTF-8 exactly as they were', async () => {
    const latin1 = Buffer.concat([Buffer.from('# Code Debate: Caf'), Buffer.from([0xe9]), Buffer.from('\n\n## Review\n\nx\n')]);
    const { file, request } = await setup(latin1);
    const result = await appendSection(request());
    expect(result.written).toBe(true);
    expect(await readFile(file)).toEqual(Buffer.concat([latin1, Buffer.from(response)]));
  });

  it('refuses to write when the file changed and the decision no longer holds, leaving it untouched', async () => {
    const { dir, file, request } = await setup(review);
    const changed = review + response;
    await writeFile(file, changed);
    const before = await stat(file);
    const asked: FileState[] = [];
    let rendered = false;
    const result = await appendSection(
      request({
        stillValid: (current) => {
          asked.push(current);
          return false;
        },
        render: () => {
          rendered = true;
          return response;
        },
      }),
    );
    const current = { exists: true, bytes: Buffer.from(changed), text: changed, checksum: checksumOf(changed) };
    expect(result).toEqual({ written: false, current });
    expect(asked).toEqual([current]);
    expect(rendered).toBe(false);
    expect(await readFile(file, 'utf8')).toBe(changed);
    const after = await stat(file);
    expect([after.ino, after.mtimeMs]).toEqual([before.ino, before.mtimeMs]);
    expect(await readdir(dir)).toEqual(['reply.md']);
  });

  it('writes after the current content when the file changed but the decision still holds', async () => {
    const { file, request } = await setup(review);
    const changed = `${review}\nA peer added a line without a new section.\n`;
    await writeFile(file, changed);
    const result = await appendSection(request({ stillValid: () => true, render: (current) => (current.text === changed ? response : 'wrong base') }));
    expect(result.written).toBe(true);
    expect(await readFile(file, 'utf8')).toBe(changed + response);
  });

  it('does not ask stillValid when the file is the one the decision was made on', async () => {
    const { file, request } = await setup(review);
    let asked = false;
    await appendSection(
      request({
        stillValid: () => {
          asked = true;
          return false;
        },
      }),
    );
    expect(asked).toBe(false);
    expect(await readFile(file, 'utf8')).toBe(review + response);
  });

  it('does not write over bytes a peer appended in place while the section was being written', async () => {
    const { dir, file, request } = await setup(review);
    const peer = '\n---\n\n## Response 1\n\nThe peer answered first.\n';
    const result = await appendSection(
      request({
        render: () => {
          appendFileSync(file, peer);
          return response;
        },
      }),
    );
    expect(result).toEqual({
      written: false,
      current: { exists: true, bytes: Buffer.from(review + peer), text: review + peer, checksum: checksumOf(review + peer), growth: { prefix: review, appended: peer } },
    });
    expect(await readFile(file, 'utf8')).toBe(review + peer);
    expect(await readdir(dir)).toEqual(['reply.md']);
  });

  it('of 10 concurrent appends decided on the same file, exactly one is written', async () => {
    const { dir, file, request } = await setup(review);
    const results = await Promise.all(Array.from({ length: 10 }, (_, i) => appendSection(request({ render: () => `\n## Response ${i}\n` }))));
    const written = results.flatMap((result, i) => (result.written ? [i] : []));
    expect(written).toHaveLength(1);
    expect(await readFile(file, 'utf8')).toBe(`${review}\n## Response ${written[0]}\n`);
    expect(await readdir(dir)).toEqual(['reply.md']);
  });

  it.each([
    ['600', 0o600],
    ['640', 0o640],
    ['664', 0o664],
    ['666', 0o666],
  ])('keeps the file mode %s, whatever the umask', async (_octal, mode) => {
    const { file, request } = await setup(review);
    await chmod(file, mode);
    expect((await appendSection(request())).written).toBe(true);
    expect((await stat(file)).mode & 0o777).toBe(mode);
  });
});
