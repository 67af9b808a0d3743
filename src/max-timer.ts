/** The longest delay a Node.js timer holds: past it, setTimeout and AbortSignal.timeout fire at once. */
export const maxTimerMs = 2 ** 31 - 1;
