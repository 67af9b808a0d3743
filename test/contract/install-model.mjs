#!/usr/bin/env node
// `npm run test:model` runs this first: the pinned llama.cpp runtime and model, installed once into a cache folder.
import { installModel, installRuntime, model, runtime } from './model.mjs';

const dir = installRuntime();
process.stderr.write(`runtime ready: ${runtime.pkg}@${runtime.version} in ${dir}\n`);
const file = await installModel();
process.stderr.write(`model ready: ${model.name} in ${file}\n`);
