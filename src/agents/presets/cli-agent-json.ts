/**
 * The JSON object a CLI printed last: all of `text`, or else the last block that starts a line
 * with `{` and parses (gemini pretty-prints its error object after warnings and a stack trace).
 */
export function readTrailingJson(text: string): Record<string, unknown> | null {
  const whole = parseObject(text.trim());
  if (whole !== null) return whole;
  for (let start = text.lastIndexOf('\n{'); start !== -1; start = text.lastIndexOf('\n{', start - 1)) {
    const found = parseObject(text.slice(start + 1).trim());
    if (found !== null) return found;
    if (start === 0) break;
  }
  return null;
}

function parseObject(text: string): Record<string, unknown> | null {
  if (!text.startsWith('{')) return null;
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}
