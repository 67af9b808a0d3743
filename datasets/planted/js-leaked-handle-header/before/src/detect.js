import path from 'node:path';

export function kindOf(file) {
  return path.extname(file).slice(1).toLowerCase();
}
