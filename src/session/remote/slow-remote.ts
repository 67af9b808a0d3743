/** A talk with the remote that has not ended after this long is said: the time is the remote's, and no one should take it for the agent's. */
export const slowRemoteMs = 5_000;

/** Runs `step`, calling `say` once if it is still running after `slowRemoteMs`. */
export async function sayWhenSlow<T>(step: Promise<T>, say: () => void, afterMs = slowRemoteMs): Promise<T> {
  const timer = setTimeout(say, afterMs);
  timer.unref();
  try {
    return await step;
  } finally {
    clearTimeout(timer);
  }
}
