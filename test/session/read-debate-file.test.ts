import { execFileSync } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { execa } from 'execa';
import { describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { checksumOf, createFileMemory, readDebateFile, stateOf, textEnd, type FileState } from '../../src/session/read-debate-file.js';
import { useTempDir } from '../helpers/temp-dir.js';

const tempDir = useTempDir('read');

describe('readDebateFile', () => {
  it('reads an absent file as empty', async () => {
    const dir = await tempDir();
    expect(await readDebateFile(path.join(dir, 'reply.md'))).toEqual({ exists: false, bytes: Buffer.from(''), text: '', checksum: 'd41d8cd98f00b204e9800998ecf8427e' });
  });

  it.runIf(process.platform === 'linux')('reads the text with the checksum md5sum prints for the same bytes', async () => {
    const dir = await tempDir();
    const file = path.join(dir, 'reply.md');
    const text = '# Code Debate: café\r\n\r\n## Review  \r\nno final newline';
    await writeFile(file, text);
    const { stdout } = await execa('md5sum', [file]);
    expect(await readDebateFile(file)).toEqual({ exists: true, bytes: Buffer.from(text), text, checksum: stdout.split(' ')[0] });
    expect(checksumOf(text)).toBe(stdout.split(' ')[0]);
  });

  it('refuses a FIFO instead of blocking on it forever', async () => {
    const dir = await tempDir();
    const fifo = path.join(dir, 'reply.md');
    execFileSync('mkfifo', [fifo]);
    await expect(readDebateFile(fifo)).rejects.toMatchObject({
      name: 'DebateFileError',
      message: expect.stringContaining('it is not a regular file (a FIFO, a socket or a device)'),
    });
  });

  it('throws on a file it cannot read, rather than reading it as absent', async () => {
    const dir = await tempDir();
    await expect(readDebateFile(dir)).rejects.toMatchObject({ name: 'DebateFileError', cause: { code: 'EISDIR' } });
  });
});

describe('stateOf, for a file that grows', () => {
  const fresh = (bytes: Buffer) => ({ exists: true, bytes, text: bytes.toString('utf8'), checksum: createHash('md5').update(bytes).digest('hex') });
  /** The state without how its text was built, which must be true when said: a reader trusts it without reading the text. */
  const read = (state: FileState) => {
    const { growth, ...rest } = state;
    if (growth !== undefined) expect(growth.prefix + growth.appended).toBe(state.text);
    return rest;
  };
  // Whole characters, cut ones, invalid bytes, byte order marks and CRLF: an append may bring any of them.
  const chunk = fc.oneof(
    fc.string({ unit: 'binary', maxLength: 12 }).map((text) => Buffer.from(text, 'utf8')),
    fc.uint8Array({ maxLength: 6 }).map((bytes) => Buffer.from(bytes)),
    fc.constantFrom(Buffer.from('\uFEFF'), Buffer.from('\r\n'), Buffer.from('—').subarray(0, 2), Buffer.from('—').subarray(2), Buffer.from('\n')),
  );

  it('gives the text and checksum of the whole bytes, whether they extend the last ones, repeat them or not', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.boolean(), fc.array(chunk, { maxLength: 4 })), { minLength: 1, maxLength: 8 }), (steps) => {
        let bytes = Buffer.alloc(0);
        const memory = createFileMemory();
        for (const [restart, chunks] of steps) {
          bytes = Buffer.concat([restart ? Buffer.alloc(0) : bytes, ...chunks]);
          expect(read(stateOf(bytes, memory))).toEqual(fresh(bytes));
          expect(read(stateOf(Buffer.from(bytes), memory))).toEqual(fresh(bytes));
        }
      }),
      { numRuns: 300 },
    );
  });

  it('reads a file that grew by an append, then one rewritten, as they are on disk', async () => {
    const file = path.join(await tempDir(), 'reply.md');
    const memory = createFileMemory();
    await writeFile(file, '# Code Debate: café\n\n## Review\n');
    await readDebateFile(file, memory);
    await writeFile(file, '# Code Debate: café\n\n## Review\n\nUn résumé — écrit.\n', { flag: 'w' });
    expect(read(await readDebateFile(file, memory))).toEqual(fresh(Buffer.from('# Code Debate: café\n\n## Review\n\nUn résumé — écrit.\n')));
    await writeFile(file, '# Code Debate: other\n');
    expect(read(await readDebateFile(file, memory))).toEqual(fresh(Buffer.from('# Code Debate: other\n')));
  });

  it("reads from where its own reader's last read ended, and only its own: a read without a memory, or another side's, is whole", () => {
    const first = Buffer.from('# Code Debate: x\n\n## Review\n');
    const grown = Buffer.concat([first, Buffer.from('\nBody.\n')]);
    const ours = createFileMemory();
    const theirs = createFileMemory();
    stateOf(first, ours);
    stateOf(Buffer.from('# Code Debate: another file\n'), theirs);
    expect(stateOf(grown, ours).growth).toEqual({ prefix: first.toString('utf8'), appended: '\nBody.\n' });
    expect(stateOf(grown, theirs).growth).toBeUndefined();
    expect(stateOf(grown).growth).toBeUndefined();
    expect(read(stateOf(grown, ours))).toEqual(fresh(grown));
  });
});

describe('textEnd', () => {
  const stateWith = (text: string) => ({ exists: true, bytes: Buffer.from(text), text, checksum: checksumOf(text) });

  it('is the whole text of a short file, and the decoded end of a long one', () => {
    expect(textEnd(stateWith('## Review\n\nx\n'), 64)).toBe('## Review\n\nx\n');
    const long = `${'é'.repeat(100)}\n*— Reviewer · builtin · 2026-11-22T00:00:00Z*\n\n`;
    const end = textEnd(stateWith(long), 64);
    // 64 bytes from the end cut a two-byte character in two: it decodes as U+FFFD, the rest as written.
    expect(Buffer.byteLength(end)).toBeGreaterThanOrEqual(64);
    expect(long.endsWith(end.replace(/^\uFFFD/, ''))).toBe(true);
    expect(end).toMatch(/^\uFFFD?é*\n\*— Reviewer/);
  });

  it('reads the whole text when that much of its end is blank, so a blank line beyond it still counts', () => {
    const text = `# Code Debate\n\nwords\n${' '.repeat(100)}\n`;
    expect(textEnd(stateWith(text), 16)).toBe(text);
  });
});
