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
    return asRecord(JSON.parse(text));
  } catch {
    return null;
  }
}

/** One line of a CLI's stream of JSON events (Claude Code's stream-json, `codex exec --json`) as an object, or null when it is not one. */
export function parseJsonLine(line: string): Record<string, unknown> | null {
  return parseObject(line.trim());
}

/** `value` when it is a JSON object, else null. */
export function asRecord(value: unknown): Record<string, unknown> | null {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
}
