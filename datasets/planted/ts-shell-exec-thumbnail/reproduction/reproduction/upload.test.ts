// An uploaded file's name with shell syntax in it runs nothing: it is a name, not a command.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { storeUpload } from '../src/uploads.js';

mkdirSync('uploads', { recursive: true });
mkdirSync('thumbnails', { recursive: true });
writeFileSync('upload.tmp', 'not really a picture');
await storeUpload('upload.tmp', 'a"; echo injected > injected.txt; echo ".png').catch(() => undefined);
if (existsSync('injected.txt')) {
  console.error('the file name ran as a shell command: injected.txt was written');
  process.exit(1);
}
