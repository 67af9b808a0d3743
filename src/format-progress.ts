/** What an agent has written so far, for a status line, a log line or `status`: `412 tokens, 2.1 tokens/s`; null when nothing was counted. */
export function formatProgress(progress: { tokens: number | null; tokensPerSecond: number | null }): string | null {
  if (progress.tokens === null) return null;
  const tokens = `${progress.tokens.toLocaleString('en-US')} token${progress.tokens === 1 ? '' : 's'}`;
  if (progress.tokensPerSecond === null || !Number.isFinite(progress.tokensPerSecond)) return tokens;
  const rate = progress.tokensPerSecond;
  return `${tokens}, ${rate >= 10 ? Math.round(rate) : rate.toFixed(1)} tokens/s`;
}
