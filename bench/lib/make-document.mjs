import { renderAppend, renderHeader, renderSection } from '../../dist/protocol/render-section.js';

/** How many points the generated debates argue about. */
export const pointCount = 6;
const titles = ['Debug output left in', 'Unchecked input', 'Missing test', 'Leaky error message', 'Blocking call in handler', 'Unclear name'];

/** A deterministic PRNG (mulberry32), so every run benchmarks the same documents. */
export function makeRandom(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const syllables = ['ka', 'lo', 'mi', 'ten', 'sur', 'va', 'dro', 'pel', 'qua', 'rin', 'sto', 'bex', 'nu', 'fra', 'gol', 'zim'];

/** Prose of about `bytes` bytes, in words no other call is likely to repeat (the engagement test reads word sets). */
export function prose(random, bytes) {
  const parts = [];
  let size = 0;
  while (size < bytes) {
    const length = 2 + Math.floor(random() * 3);
    let word = '';
    for (let i = 0; i < length; i++) word += syllables[Math.floor(random() * syllables.length)];
    const roll = random();
    // No sentence ends within its first three words: a label followed by one word and a full stop
    // (`**Maintained**: pelgolmi.`) reads as an answer to the label, not a reason, and is sent back.
    const piece =
      parts.length < 3 ? word : roll < 0.04 ? `\`${word}()\`` : roll < 0.06 ? `(see \`src/app.js:${1 + Math.floor(random() * 4)}\`)` : roll < 0.1 ? `${word}.\n\n-` : word;
    parts.push(piece);
    size += piece.length + 1;
  }
  return `${parts.join(' ')}.`;
}

function pointBlock(index, label, random, bytes, review) {
  const head = `### R${index}. ${titles[(index - 1) % titles.length]}\n`;
  if (review) return `${head}**Severity:** medium\n**Evidence:** \`src/app.js:2\`\n\n${prose(random, bytes)}\n`;
  return `${head}**${label}**: ${prose(random, bytes)}\n`;
}

/** The body of one section answering every point, about `bytes` long, in fresh words. */
export function sectionBody(kind, random, bytes) {
  const label = kind === 'response' ? 'Disagreed' : 'Maintained';
  const per = Math.max(40, Math.floor(bytes / pointCount));
  return Array.from({ length: pointCount }, (_, i) => pointBlock(i + 1, label, random, per, kind === 'review')).join('\n');
}

/** Bytes a rendered section adds beyond its body: the separator, the heading and the signature. */
const sectionFrame = 110;

/**
 * A valid debate of about `targetBytes`: a Review of six points, then rounds in which the
 * Responder disagrees and the Reviewer maintains, ending on a Response (the Reviewer's turn) or,
 * with `endOn: 'follow-up'`, on a Follow-up (the Responder's turn). With `sectionBytes`, every
 * section is about that long and a longer debate has more rounds, as a long-running debate
 * grows; without, a longer debate has longer sections too (one round per 128 KB, at most 40), so
 * that each turn brings a section of tens of kilobytes. `prefix(n)` is the file as it stood after
 * its first n sections (empty for none); `parts[i]` is section i as it was rendered.
 */
export function makeDocument(targetBytes, { endOn = 'response', meta, subject = 'the diff against main', seed = 1, sectionBytes = null } = {}) {
  const random = makeRandom(seed);
  const header = renderHeader(subject, meta ?? { v: 1, base: null, head: null, diff: null });
  const rounds =
    sectionBytes === null
      ? Math.min(40, Math.max(1, Math.round(targetBytes / 131_072)))
      : Math.max(1, Math.round((targetBytes - header.length) / (2 * (sectionBody('response', makeRandom(-1), sectionBytes).length + sectionFrame))));
  const sections = 2 * rounds + (endOn === 'follow-up' ? 1 : 0);
  const bytes = sectionBytes ?? Math.max(200, Math.floor((targetBytes - header.length) / sections) - sectionFrame);
  const time = new Date('2026-01-01T00:00:00Z');
  const ends = [];
  const parts = [];
  let text = header;
  const add = (kind, number, role) => {
    const section = { kind, number, body: sectionBody(kind, random, bytes), role, agent: 'bench', time };
    text += ends.length === 0 ? renderSection(section) : renderAppend(text, section);
    ends.push(text.length);
    parts.push(section);
  };
  add('review', 0, 'reviewer');
  for (let round = 1; round <= rounds; round++) {
    add('response', round, 'responder');
    if (round < rounds || endOn === 'follow-up') add('follow-up', round, 'reviewer');
  }
  const full = text;
  return { text: full, seed, rounds, sections: ends.length, parts, prefix: (count) => (count === 0 ? '' : full.slice(0, ends[count - 1])) };
}
