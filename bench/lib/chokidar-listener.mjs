#!/usr/bin/env node
// node chokidar-listener.mjs <directory> <file> [<poll ms>]
//
// chokidar alone, with the options code-debate watches with (watchOptions, src/watch/watch-native.ts): prints "ready" once it
// watches, then a line "<event> <size> <path>" for each of its events on <file>, with the size it saw. It runs in a process of
// its own, as inotifywait and code-debate do, so that the bench receives all three the same way (a
// line on a pipe) and handling one of them never delays its reading of another.
import { watch } from 'chokidar';
import { watchOptions } from '../../dist/watch/watch-native.js';

const [directory, file, poll] = process.argv.slice(2);
const pollMs = poll === undefined ? null : Number(poll);
const watcher = watch(directory, {
  ...watchOptions(file),
  ...(pollMs === null ? {} : { usePolling: true, interval: pollMs, binaryInterval: pollMs }),
});
watcher.on('all', (event, changed, stats) => changed === file && process.stdout.write(`${event} ${stats?.size ?? '-'} ${changed}\n`));
watcher.on('ready', () => process.stdout.write('ready\n'));
process.on('SIGTERM', () => watcher.close().then(() => process.exit(0)));
