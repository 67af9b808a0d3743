import path from 'node:path';
import { watch, type ChokidarOptions, type FSWatcher } from 'chokidar';

/**
 * Native filesystem events (inotify, FSEvents, ...) for one file, through its directory, so that
 * a save by renaming a new file over it is seen too. Calls `onChange` on any event for the file;
 * a failure to watch goes to `onError` once, and the watch then stays quiet.
 *
 * It listens to chokidar's raw events, not its `change` events: chokidar drops a `change` that
 * follows another on the same path within 50 ms and sends no trailing one, so a peer's turn
 * renamed just after our own would wait for the safety net. A raw event comes for every kernel
 * notification; the caller's checksum tells whether anything changed.
 */
export async function watchNative(file: string, onChange: () => void, onError?: (error: Error) => void): Promise<FSWatcher> {
  const directory = path.dirname(file);
  const name = path.basename(file);
  const watcher = watch(directory, watchOptions(file));
  // From the directory's watcher the path is the entry's name; from the file's own, the file's.
  watcher.on('raw', (_event, changed, details) => {
    const watched = (details as { watchedPath?: string } | undefined)?.watchedPath;
    if (watched === file || (watched === directory && changed === name)) onChange();
  });
  // The directory's contents as chokidar re-reads them (a rename over the file, a deletion).
  watcher.on('all', (_event, changed) => {
    if (changed === file) onChange();
  });
  // Without a listener an 'error' would crash the process; the checksum safety net carries on.
  let failed = false;
  await new Promise<void>((resolve) => {
    watcher.once('ready', resolve);
    watcher.on('error', (error: unknown) => {
      if (!failed) onError?.(error instanceof Error ? error : new Error(String(error)));
      failed = true;
      resolve();
    });
  });
  return watcher;
}

/** How chokidar is told to watch `file` through its directory, and nothing else in it (the bench's chokidar-alone listener watches with these too). */
export function watchOptions(file: string): ChokidarOptions {
  const directory = path.dirname(file);
  return {
    depth: 0,
    ignoreInitial: true,
    ignored: (candidate: string) => candidate !== directory && candidate !== file,
    usePolling: false,
  };
}
