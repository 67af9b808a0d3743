/** A talk with the remote that has not ended after this long is said: the time is the remote's, and no one should take it for the agent's. */
export const slowRemoteMs = 5_000;

/**
 * Runs `step`, calling `say` once if it is still running after `afterMs`. A timer that fires
 * well past its time says this process itself was held (stopped with Ctrl-Z, starved of CPU), not
 * the remote: it waits once more instead.
 */
export async function sayWhenSlow<T>(step: Promise<T>, say: () => void, afterMs = slowRemoteMs): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const arm = () => {
    const at = Date.now();
    timer = setTimeout(() => (Date.now() - at > afterMs + 1_000 ? arm() : say()), afterMs);
    timer.unref();
  };
  arm();
  try {
    return await step;
  } finally {
    clearTimeout(timer);
  }
}
