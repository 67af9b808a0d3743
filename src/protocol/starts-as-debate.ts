import { classifyHeading } from './classify-heading.js';

/**
 * Whether `text` opens with a debate's title (`# Code Debate: …`), or holds a level-2 heading of
 * the protocol (`## Review`, `## Response 1`, …) as a plain peer may start without a title.
 */
export function startsAsDebate(text: string): boolean {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  if (/^ {0,3}#[ \t]+Code Debate:/i.test(lines.find((line) => line.trim() !== '') ?? '')) return true;
  return lines.some((line) => {
    const heading = /^ {0,3}##[ \t]+(.*?)(?:[ \t]+#+)?[ \t]*$/.exec(line)?.[1];
    return heading !== undefined && classifyHeading(heading) !== null;
  });
}
