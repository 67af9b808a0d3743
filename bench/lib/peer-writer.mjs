// The bench's writes as the peer, made on a thread of their own. The bench stamps each line the
// watchers print as it arrives; if the bench's own thread made the write, a line that came during
// the write's system call would be stamped only once the call returned (a rename(2) over the file
// takes 0.2-0.5 ms, more when the watchers it wakes run first), and the raw notification would
// count the bench's own write twice.
import { Worker, isMainThread, parentPort } from 'node:worker_threads';
import { calibrateClock } from './clock.mjs';
import { writePeerSection } from './peer.mjs';

if (!isMainThread) {
  parentPort.on('message', (request) => {
    parentPort.postMessage(request === 'calibrate' ? calibrateClock() : writePeerSection(request.file, request.section, request.method, request.options));
  });
}

/**
 * A thread that lands the peer's writes. `calibrate` anchors its clock to the system clock, as the
 * bench's and the agents' are: before the pause that precedes a write, since it busy-waits for
 * milliseconds and a write should come after a quiet pause. `write` resolves with the stamps of
 * writePeerSection.
 */
export function startPeerWriter() {
  const worker = new Worker(new URL(import.meta.url));
  const ask = (request) =>
    new Promise((resolve, reject) => {
      const fail = (error) => reject(error);
      worker.once('error', fail);
      worker.once('message', (answer) => {
        worker.off('error', fail);
        resolve(answer);
      });
      worker.postMessage(request);
    });
  return {
    calibrate: () => ask('calibrate'),
    write: (file, section, method, options) => ask({ file, section, method, options }),
    close: () => worker.terminate(),
  };
}
