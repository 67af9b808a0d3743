/**
 * What an agent has written so far, for a status line, a log line or `status`: `412 tokens, 2.1 tokens/s`,
 * or from an agent CLI `12 steps, 1,204 tokens`; null when nothing was counted.
 */
export function formatProgress(progress: { tokens: number | null; tokensPerSecond: number | null; steps?: number | null | undefined }): string | null {
  const steps = progress.steps === null || progress.steps === undefined ? null : `${progress.steps.toLocaleString('en-US')} step${progress.steps === 1 ? '' : 's'}`;
  if (progress.tokens === null) return steps;
  const tokens = `${steps === null ? '' : `${steps}, `}${progress.tokens.toLocaleString('en-US')} token${progress.tokens === 1 ? '' : 's'}`;
  if (progress.tokensPerSecond === null || !Number.isFinite(progress.tokensPerSecond)) return tokens;
  const rate = progress.tokensPerSecond;
  return `${tokens}, ${rate >= 10 ? Math.round(rate) : rate.toFixed(1)} tokens/s`;
}
