/** A talk with the remote that has not ended after this long is said: the time is the remote's, and no one should take it for the agent's. */
export const slowRemoteMs = 5_000;

const tickMs = 250;

/**
 * Runs `step`, calling `say` once it has kept this process waiting for `afterMs`. The wait is
 * counted tick by tick, each for at most two ticks' time: a process that was itself held
 * (stopped with Ctrl-Z, starved of CPU) did not wait for the remote meanwhile.
 */
export async function sayWhenSlow<T>(step: Promise<T>, say: () => void, afterMs = slowRemoteMs): Promise<T> {
  let last = Date.now();
  let waited = 0;
  const ticker = setInterval(() => {
    const now = Date.now();
    waited += Math.min(now - last, 2 * tickMs);
    last = now;
    if (waited < afterMs) return;
    clearInterval(ticker);
    say();
  }, tickMs);
  ticker.unref();
  try {
    return await step;
  } finally {
    clearInterval(ticker);
  }
}
