/**
 * A wall clock shared with other processes, in milliseconds since the epoch, to a few µs:
 * `performance.timeOrigin + performance.now()` re-anchored to the system clock, since the monotonic
 * clock behind performance.now() may drift from it over a long run. Another process stamps the same
 * clock with `performance.timeOrigin` (Node) or `$EPOCHREALTIME` (bash).
 */
let offset = 0;

const raw = () => performance.timeOrigin + performance.now();

/** Finds the offset at a millisecond tick of Date.now(): costs at most a millisecond of busy waiting. */
export function calibrateClock() {
  const start = Date.now();
  let now = start;
  let at = raw();
  while (now === start) {
    at = raw();
    now = Date.now();
  }
  offset = at - now;
  return offset;
}

export function wallNow() {
  return raw() - offset;
}
