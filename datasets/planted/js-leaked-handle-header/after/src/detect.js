import { closeSync, openSync, readSync } from 'node:fs';
import path from 'node:path';

export function kindOf(file) {
  const fd = openSync(file, 'r');
  const header = Buffer.alloc(4);
  readSync(fd, header, 0, 4, 0);
  if (header.toString('hex') === '89504e47') return 'png';
  if (header.subarray(0, 3).toString('hex') === 'ffd8ff') return 'jpg';
  closeSync(fd);
  return path.extname(file).slice(1).toLowerCase();
}
