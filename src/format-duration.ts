/** A duration in a status line or a log line: `0.7s`, `12s`, `1m30s`, `1h1m1s`. */
export function formatDuration(ms: number): string {
  if (ms < 950) {
    // Tenths of a second, rounded up: a step that took any time did not take none.
    const tenths = Math.ceil(Math.max(0, ms) / 100);
    return tenths === 0 ? '0s' : tenths >= 10 ? '1s' : `0.${tenths}s`;
  }
  if (ms < 9_950) return `${(Math.round(ms / 100) / 10).toString()}s`;
  const seconds = Math.round(ms / 1_000);
  const h = Math.floor(seconds / 3_600);
  const m = Math.floor((seconds % 3_600) / 60);
  const s = seconds % 60;
  return [h ? `${h}h` : '', m ? `${m}m` : '', s ? `${s}s` : ''].join('') || '0s';
}

/** A duration in a sentence, as a person says it: `8 minutes`, `7 minutes 52 seconds`, `1.5 seconds`. */
export function describeDuration(ms: number): string {
  if (ms < 60_000) {
    const seconds = Math.round(ms / 100) / 10;
    return `${seconds} second${seconds === 1 ? '' : 's'}`;
  }
  const total = Math.round(ms / 1_000);
  const units: Array<[number, string]> = [
    [Math.floor(total / 3_600), 'hour'],
    [Math.floor((total % 3_600) / 60), 'minute'],
    [total % 60, 'second'],
  ];
  return units
    .filter(([count]) => count > 0)
    .map(([count, unit]) => `${count} ${unit}${count === 1 ? '' : 's'}`)
    .join(' ');
}
