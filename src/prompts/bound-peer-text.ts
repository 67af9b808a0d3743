import type { Point, Section } from '../protocol/document.js';
import { closeOpenBlock } from '../protocol/close-open-block.js';
import { splitPointBlocks } from '../protocol/split-point-blocks.js';

/** Titles listed for the part of a section a prompt leaves out: enough to name every point of a real section. */
const maxListedPoints = 100;
const maxTitleChars = 120;

/**
 * The peer's last section as a prompt carries it: whole while its body is at most `maxBytes`
 * bytes of UTF-8; past that, the whole lines that fit (a code block or HTML block cut open is
 * closed), then a note that says how much was left out, where to read it, and the points the
 * rest speaks of, by their headings. A peer's section of megabytes would otherwise be a prompt
 * past any model's context, and the turn would fail at the model, not here.
 */
export function boundSection(section: Section, maxBytes: number, file: string): string {
  const heading = `## ${section.heading}`;
  const size = Buffer.byteLength(section.body);
  if (size <= maxBytes) return `${heading}\n\n${section.body}`;
  const kept = keepLines(section.body, maxBytes);
  const closer = closeOpenBlock(kept);
  const titles = pointTitlesFrom(section.body, kept.length);
  const listed = titles.slice(0, maxListedPoints).map((title) => `- ${title}`);
  if (titles.length > maxListedPoints) listed.push(`- and ${titles.length - maxListedPoints} more`);
  const points = listed.length === 0 ? 'It names no point by a heading or an id.' : `The points it speaks of there:\n\n${listed.join('\n')}`;
  return (
    `${heading}\n\n${kept.trimEnd()}${closer === '' ? '' : `\n${closer}`}\n\n` +
    `[code-debate: this section is ${bytes(size)}, more than the ${bytes(maxBytes)} of it a prompt carries (--max-peer-bytes). ` +
    `Above are its first ${bytes(Buffer.byteLength(kept))}; read the rest in ${file}. ${points}]`
  );
}

/**
 * The open points as a prompt lists them: whole while they fit in `maxBytes` together; past that,
 * each keeps its first lines within an equal share, and says where the rest is. Each point is
 * named whatever its size, so none is dropped from the agent's sight.
 */
export function boundPoints(points: readonly Point[], maxBytes: number, file: string): string {
  const whole = points.map((point) => point.text).join('\n\n');
  if (Buffer.byteLength(whole) <= maxBytes) return whole;
  const share = Math.max(0, Math.floor(maxBytes / points.length));
  return points
    .map((point) => {
      if (Buffer.byteLength(point.text) <= share) return point.text;
      const [first = '', ...others] = point.text.split('\n');
      const kept = keepLines(others.join('\n'), Math.max(0, share - Buffer.byteLength(first)));
      const body = kept.trimEnd();
      const closer = body === '' ? '' : closeOpenBlock(body);
      return `${cut(first, maxTitleChars * 4)}\n${body}${closer === '' ? '' : `\n${closer}`}${body === '' ? '' : '\n'}[code-debate: the rest of ${point.id} is in the Review in ${file} (--max-peer-bytes).]`;
    })
    .join('\n\n');
}

/** The longest run of whole lines from the start of `text` within `maxBytes` (the first line cut at a character, if even it does not fit). */
function keepLines(text: string, maxBytes: number): string {
  let used = 0;
  let end = 0;
  while (end < text.length) {
    const next = text.indexOf('\n', end);
    const stop = next === -1 ? text.length : next + 1;
    const size = Buffer.byteLength(text.slice(end, stop));
    if (used + size > maxBytes) break;
    used += size;
    end = stop;
  }
  if (end > 0 || text === '') return text.slice(0, end);
  return cutBytes(text, maxBytes);
}

/** The longest start of `text` within `maxBytes` bytes of UTF-8, never half a character. */
function cutBytes(text: string, maxBytes: number): string {
  const buffer = Buffer.from(text.slice(0, maxBytes));
  let end = Math.min(maxBytes, buffer.length);
  // A continuation byte (10xxxxxx) is the middle of a character: step back to its first byte.
  while (end > 0 && end < buffer.length && ((buffer[end] ?? 0) & 0xc0) === 0x80) end--;
  return buffer.subarray(0, end).toString('utf8');
}

/**
 * `R7. title` for each point block of `body` that starts at or after `from`, the title cut short.
 * The blocks are found in the whole body: the part after a cut may begin inside a code block.
 */
function pointTitlesFrom(body: string, from: number): string[] {
  let at = 0;
  const titles: string[] = [];
  for (const block of splitPointBlocks(body)) {
    const found = body.indexOf(block.text, at);
    if (found !== -1) at = found + block.text.length;
    if (found >= from) titles.push(cut(`R${block.number}. ${block.title}`.trimEnd(), maxTitleChars));
  }
  return titles;
}

function cut(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

function bytes(count: number): string {
  return `${count.toLocaleString('en-US')} bytes`;
}
