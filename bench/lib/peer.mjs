import { closeSync, fstatSync, openSync, readFileSync, renameSync, statSync, writeFileSync, writeSync } from 'node:fs';
import path from 'node:path';
import { renderAppend, renderHeader, renderSection } from '../../dist/protocol/render-section.js';
import { wallNow } from './clock.mjs';

const point = '### R1. Debug output left in';

/** What the bench, playing the Reviewer, writes: the Review, then a Follow-up per round that maintains R1 in fresh words. */
export function peerSection(kind, round) {
  const words = Array.from({ length: 8 }, (_, i) => `peer${round}w${i + 1}`).join(' ');
  const body =
    kind === 'review'
      ? `${point}\n**Severity:** medium\n**Evidence:** \`src/app.js:2\`\n\n\`console.log(name)\` ships to production: ${words}.`
      : `${point}\n**Maintained**: round ${round} evidence: ${words}.`;
  return { kind, number: kind === 'review' ? 0 : round, body, role: 'reviewer', agent: 'bench-peer', time: new Date() };
}

/**
 * Writes the peer's next section the two ways a peer lands a write: `append` (one write(2) in
 * O_APPEND mode, as `>>` does) or `rename` (the whole new file written beside it, then renamed over
 * it, as code-debate and many editors do). Returns the shared clock just before and just after the
 * system call that lands it (the write(2), the rename(2)), and the file's size it leaves. Latencies count from before: the writer
 * may be preempted as its write wakes the watchers, and the time after would then come late.
 */
export function writePeerSection(file, section, method, { subject, meta }) {
  const old = (() => {
    try {
      return readFileSync(file, 'utf8');
    } catch {
      return '';
    }
  })();
  const added = old === '' ? renderHeader(subject, meta) + renderSection(section) : renderAppend(old, section);
  if (method === 'append' && old !== '') {
    const fd = openSync(file, 'a');
    try {
      return landing(
        () => {
          // One write(2), as `>>` makes it: a short one would not be the write this bench times.
          if (writeSync(fd, added) !== Buffer.byteLength(added)) throw new Error(`A short write to ${file}.`);
        },
        () => fstatSync(fd).size,
      );
    } finally {
      closeSync(fd);
    }
  }
  const temporary = path.join(path.dirname(file), `.${path.basename(file)}.bench.tmp`);
  writeFileSync(temporary, old + added);
  return landing(
    () => renameSync(temporary, file),
    () => statSync(file).size,
  );
}

function landing(land, sizeNow) {
  const before = wallNow();
  land();
  const after = wallNow();
  return { before, after, size: sizeNow() };
}
