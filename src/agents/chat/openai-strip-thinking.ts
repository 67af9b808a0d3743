/** A completion's content without a reasoning model's thinking. */
export interface StrippedContent {
  text: string;
  /** A `<think>` was opened and never closed: all that followed it was thinking, and is gone. */
  unclosed: boolean;
}

const open = '<think>';
const close = '</think>';

/**
 * Removes every `<think>…</think>` block, wherever it stands: before the answer, between its
 * paragraphs or after it. A `</think>` with no `<think>` before it ends thinking that the chat
 * template opened (DeepSeek-R1's does), so what precedes it goes too; a `<think>` that never
 * closes takes the rest of the content with it. A block on lines of its own leaves one paragraph
 * break, not two.
 */
export function stripThinking(content: string): StrippedContent {
  let text = content;
  const firstClose = text.indexOf(close);
  const firstOpen = text.indexOf(open);
  if (firstClose !== -1 && (firstOpen === -1 || firstClose < firstOpen)) text = text.slice(firstClose + close.length);
  text = text.replace(/(\n*)<think>[\s\S]*?<\/think>(\n*)/g, (_, before: string, after: string) => (before.length >= after.length ? before : after));
  const unclosedAt = text.indexOf(open);
  return unclosedAt === -1 ? { text, unclosed: false } : { text: text.slice(0, unclosedAt), unclosed: true };
}
