import { rename } from 'node:fs/promises';
import path from 'node:path';

export async function storeUpload(tmpFile: string, name: string): Promise<string> {
  const target = path.join('uploads', path.basename(name));
  await rename(tmpFile, target);
  return target;
}
