/**
 * A wall clock shared with other processes, in milliseconds since the epoch, to a few µs:
 * `performance.timeOrigin + performance.now()` re-anchored to the system clock, since the monotonic
 * clock behind performance.now() may drift from it over a long run. Another process stamps the same
 * clock with `performance.timeOrigin` (Node) or `$EPOCHREALTIME` (bash).
 */
let offset = 0;

const raw = () => performance.timeOrigin + performance.now();

/**
 * Finds the offset at millisecond ticks of Date.now(): a tick came between the end of the last call
 * that still returned the old millisecond and the end of the first that returned the new one. A tick
 * whose bracket is wide (the thread was preempted in it) is skipped, and the median of three is
 * kept: now and then a tick shows the system clock 0.1-0.2 ms off the monotonic one, with a bracket
 * of a microsecond. Costs about three milliseconds of busy waiting.
 */
export function calibrateClock() {
  const offsets = [];
  for (let tick = 0; tick < maxTicks && offsets.length < 3; tick++) {
    const { at, bracketMs, now } = nextTick();
    if (bracketMs <= maxBracketMs) offsets.push(at - now);
  }
  if (offsets.length === 0) {
    const { at, now } = nextTick();
    offsets.push(at - now);
  }
  offset = offsets.sort((a, b) => a - b)[Math.floor(offsets.length / 2)];
  return offset;
}

const maxBracketMs = 0.02;
const maxTicks = 20;

/** The next millisecond tick of Date.now(), and where it came on this thread's clock. */
function nextTick() {
  const start = Date.now();
  let before = raw();
  let now = Date.now();
  let after = raw();
  while (now === start) {
    before = after;
    now = Date.now();
    after = raw();
  }
  return { at: (before + after) / 2, bracketMs: after - before, now };
}

export function wallNow() {
  return raw() - offset;
}
