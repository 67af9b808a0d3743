import { exec } from 'node:child_process';
import { rename } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(exec);

export async function storeUpload(tmpFile: string, name: string): Promise<string> {
  const target = path.join('uploads', path.basename(name));
  await rename(tmpFile, target);
  await makeThumbnail(target, name);
  return target;
}

async function makeThumbnail(file: string, name: string): Promise<void> {
  await run(`convert ${file} -resize 200x200 "thumbnails/${name}"`);
}
