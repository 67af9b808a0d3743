const maxLength = 400;

/**
 * The server's own words from an error body, whatever its style: OpenAI's
 * `{"error":{"message":...}}`, Ollama's `{"error":"..."}`, vLLM's `{"message":...}` or plain
 * text, FastAPI's `{"detail":...}`, or an HTML error page of a proxy. Empty for an empty body.
 */
export function readServerMessage(body: string): string {
  const text = body.trim();
  if (text === '') return '';
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return oneLine(text.startsWith('<') ? text.replace(/<(script|style)\b[\s\S]*?<\/\1>/gi, ' ').replace(/<[^>]*>/g, ' ') : text);
  }
  return oneLine(messageOf(value) ?? text);
}

function messageOf(value: unknown): string | null {
  if (typeof value === 'string') return value.trim() === '' ? null : value;
  if (Array.isArray(value)) return value.length === 0 ? null : messageOf(value[0]);
  if (typeof value !== 'object' || value === null) return null;
  const record = value as Record<string, unknown>;
  for (const key of ['error', 'message', 'detail', 'msg']) {
    const found = messageOf(record[key]);
    if (found !== null) return found;
  }
  return null;
}

function oneLine(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > maxLength ? `${line.slice(0, maxLength - 1)}…` : line;
}
