import { execFileSync } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { execa } from 'execa';
import { describe, expect, it } from 'vitest';
import { checksumOf, readDebateFile } from '../../src/session/read-debate-file.js';
import { useTempDir } from './temp-dir.js';

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
    await expect(readDebateFile(fifo)).rejects.toMatchObject({ name: 'DebateFileError', message: expect.stringContaining('it is not a regular file (a FIFO, a socket or a device)') });
  });

  it('throws on a file it cannot read, rather than reading it as absent', async () => {
    const dir = await tempDir();
    await expect(readDebateFile(dir)).rejects.toMatchObject({ name: 'DebateFileError', cause: { code: 'EISDIR' } });
  });
});
