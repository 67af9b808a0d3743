#!/usr/bin/env node
// `npm run test:container` runs this first: podman, runc and debootstrap installed, podman set up
// for this machine, and the Dockerfile's base image made once (its downloads kept in a cache folder).
import { cacheDir, configurePodman, ensureBaseImage, installTools, requireRoot } from './container.mjs';

const started = Date.now();
requireRoot();
installTools();
configurePodman();
const image = ensureBaseImage();
process.stderr.write(`base image ready: ${image} (cache ${cacheDir()}) in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
