// The bench's writes as the peer, made on a thread of their own. The bench stamps each line the
// watchers print as it arrives; if the bench's own thread made the write, a line that came during
// the write's system call would be stamped only once the call returned (a rename(2) over the file
// takes 0.2-0.5 ms, more when the watchers it wakes run first), and the raw notification would
// count the bench's own write twice.
import { Worker, isMainThread, parentPort } from 'node:worker_threads';
import { calibrateClock } from './clock.mjs';
import { writePeerSection } from './peer.mjs';

if (!isMainThread) {
  parentPort.on('message', ({ file, section, method, options }) => {
    // This thread's own clock, anchored to the system clock as the bench's and the agents' are.
    calibrateClock();
    parentPort.postMessage(writePeerSection(file, section, method, options));
  });
}

/** A thread that lands the peer's writes: `write` resolves with the stamps of writePeerSection. */
export function startPeerWriter() {
  const worker = new Worker(new URL(import.meta.url));
  return {
    write(file, section, method, options) {
      return new Promise((resolve, reject) => {
        const fail = (error) => reject(error);
        worker.once('error', fail);
        worker.once('message', (landed) => {
          worker.off('error', fail);
          resolve(landed);
        });
        worker.postMessage({ file, section, method, options });
      });
    },
    close: () => worker.terminate(),
  };
}
