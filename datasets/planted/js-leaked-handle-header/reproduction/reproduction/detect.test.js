// Telling the kind of 20 PNG files leaves no file descriptor open.
import { readdirSync, writeFileSync } from 'node:fs';

const { kindOf } = await import('../src/detect.js');
writeFileSync('image.png', Buffer.from('89504e470d0a1a0a', 'hex'));
const open = () => readdirSync('/proc/self/fd').length;
const before = open();
for (let i = 0; i < 20; i += 1) kindOf('image.png');
const after = open();
if (after > before) {
  console.error(`kindOf on a PNG 20 times leaves ${after - before} more file descriptors open`);
  process.exit(1);
}
