/** The q-quantile (0..1) of sorted values, linearly interpolated. */
function quantile(sorted, q) {
  if (sorted.length === 0) return null;
  const at = (sorted.length - 1) * q;
  const low = Math.floor(at);
  const high = Math.ceil(at);
  return sorted[low] + (sorted[high] - sorted[low]) * (at - low);
}

/**
 * A figure as the bench reports it: the median and its spread over the samples. With fewer than
 * 100 samples p99 is close to the largest one; `n` says how many there were.
 */
export function summarize(values) {
  const sorted = values.filter((value) => Number.isFinite(value)).sort((a, b) => a - b);
  return {
    n: sorted.length,
    p50: quantile(sorted, 0.5),
    p90: quantile(sorted, 0.9),
    p95: quantile(sorted, 0.95),
    p99: quantile(sorted, 0.99),
    min: sorted[0] ?? null,
    max: sorted.at(-1) ?? null,
    q1: quantile(sorted, 0.25),
    q3: quantile(sorted, 0.75),
  };
}

export function round(value, digits = 1) {
  if (value === null || value === undefined || !Number.isFinite(value)) return null;
  const scale = 10 ** digits;
  return Math.round(value * scale) / scale;
}

/** `12.3 ms` with a precision that suits the size. */
export function formatMs(value) {
  if (value === null || value === undefined) return '—';
  if (value >= 10_000) return `${(value / 1000).toFixed(1)} s`;
  if (value >= 100) return `${value.toFixed(0)} ms`;
  if (value >= 10) return `${value.toFixed(1)} ms`;
  return `${value.toFixed(2)} ms`;
}

/** `min–max (IQR q1–q3, n=30)`. */
export function formatSpread(stats, format = formatMs) {
  if (stats.n === 0) return '—';
  if (stats.n === 1) return `n=1`;
  return `${format(stats.min)}–${format(stats.max)} (IQR ${format(stats.q1)}–${format(stats.q3)}, n=${stats.n})`;
}
