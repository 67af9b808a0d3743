#!/usr/bin/env node
// `npm run test:agents` runs this first: the pinned agent CLIs, installed once into a cache folder.
import { installClis, pinned } from './clis.mjs';

const bin = installClis();
process.stderr.write(
  `agent CLIs ready in ${bin}: ${Object.entries(pinned)
    .map(([name, { version }]) => `${name} ${version}`)
    .join(', ')}\n`,
);
