import { fileURLToPath } from 'node:url';

/** The dataset shipped in the package (`datasets/planted`), from `src/eval` or `dist/eval` alike. */
export const shippedDataset = fileURLToPath(new URL('../../datasets/planted', import.meta.url));
