#!/usr/bin/env node
// node chokidar-listener.mjs <directory> <file> [<poll ms>]
//
// chokidar alone, with the options src/watch/watch-file.ts gives it: prints "ready" once it
// watches, then a line "<event> <size> <path>" for each of its events on <file>, with the size it saw. It runs in a process of
// its own, as inotifywait and code-debate do, so that the bench receives all three the same way (a
// line on a pipe) and handling one of them never delays its reading of another.
import { watch } from 'chokidar';

const [directory, file, poll] = process.argv.slice(2);
const pollMs = poll === undefined ? null : Number(poll);
const watcher = watch(directory, {
  depth: 0,
  ignoreInitial: true,
  ignored: (candidate) => candidate !== directory && candidate !== file,
  usePolling: pollMs !== null,
  ...(pollMs === null ? {} : { interval: pollMs, binaryInterval: pollMs }),
});
watcher.on('all', (event, changed, stats) => changed === file && process.stdout.write(`${event} ${stats?.size ?? '-'} ${changed}\n`));
watcher.on('ready', () => process.stdout.write('ready\n'));
process.on('SIGTERM', () => watcher.close().then(() => process.exit(0)));
