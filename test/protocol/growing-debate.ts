import fc from 'fast-check';
import type { SectionKind } from '../../src/protocol/document.js';
import { renderAppend, renderHeader, renderSection } from '../../src/protocol/render-section.js';

/**
 * Debates that grow as a session sees them: the file after each write, in order. Short words
 * from a small vocabulary, so rounds restate each other (the engagement test) as well as move;
 * every marker style, labels, negations, severity changes, citations with quotes, code fences.
 * Some steps are a writer caught mid-write (a cut inside a section), some a rewritten history.
 */
const words = ['the', 'check', 'handler', 'fails', 'on', 'empty', 'input', 'see', 'retry', 'loop', 'is', 'fine', 'not', 'covered', 'by', 'tests'];
const prose = fc.array(fc.constantFrom(...words), { minLength: 1, maxLength: 8 }).map((list) => `${list.join(' ')}.`);
const citation = fc.constantFrom('`src/a.ts:3`', 'src/b.ts:10-12', '`src/a.ts:4` reads `retry()`', '(see src/c.ts:1)');
const code = fc.constantFrom('', '\n\n```ts\nretry();\n```', '\n\n```\nunclosed', '\n\n```', '\n\n    indented code');
const responseLabel = fc.constantFrom('**Agreed**: yes.', '**Disagreed**:', '**Partially agreed**:', 'Disagreed.', 'I do not agree.', '');
const followUpLabel = fc.constantFrom(
  '**Maintained**:',
  'I withdraw it.',
  '**Accepted**.',
  'I concede part of it, accepted in part.',
  'Severity lowered to low.',
  'I will not withdraw it.',
  '',
);
const marker = (id: number) => fc.constantFrom(`### R${id}. Point ${id}`, `- **R${id}**:`, `R${id}:`, `${id}.`, `### ${id}.`);

const block = (label: fc.Arbitrary<string>) =>
  fc
    .tuple(fc.integer({ min: 1, max: 4 }), label, prose, fc.option(citation), code)
    .chain(([id, said, text, cited, fence]) => marker(id).map((mark) => `${mark}\n${said} ${text}${cited ? ` ${cited}` : ''}${fence}`));

const body = (label: fc.Arbitrary<string>) =>
  fc.oneof(
    { weight: 5, arbitrary: fc.array(block(label), { minLength: 1, maxLength: 4 }).map((blocks) => blocks.join('\n\n')) },
    { weight: 1, arbitrary: fc.tuple(label, prose).map(([said, text]) => `${said} ${text}`) },
  );

const reviewBody = fc
  .array(fc.tuple(fc.constantFrom('high', 'medium', 'nit'), prose, citation), { minLength: 1, maxLength: 3 })
  .map((points) => points.map(([severity, text, cited], index) => `### R${index + 1}. Point ${index + 1}\n**Severity:** ${severity}\n${text} ${cited}`).join('\n\n'));

interface Step {
  kind: SectionKind;
  number: number;
  body: string;
}

const sections: fc.Arbitrary<Step[]> = fc
  .tuple(reviewBody, fc.array(fc.tuple(body(responseLabel), body(followUpLabel)), { maxLength: 5 }), fc.boolean())
  .map(([review, rounds, consensus]) => [
    { kind: 'review', number: 0, body: review },
    ...rounds.flatMap(([response, followUp], index): Step[] => [
      { kind: 'response', number: index + 1, body: response },
      { kind: 'follow-up', number: index + 1, body: followUp },
    ]),
    ...(consensus ? [{ kind: 'consensus', number: 0, body: 'Outcome: stalled' } as Step] : []),
  ]);

/** The texts of one debate file as it grows, each a later state than the one before. */
export const growingDebate: fc.Arbitrary<string[]> = fc
  .tuple(sections, fc.array(fc.nat(), { maxLength: 4 }), fc.boolean(), fc.option(fc.nat()))
  .map(([steps, cuts, crlf, rewriteAt]) => {
    const time = new Date('2026-01-01T00:00:00Z');
    let text = renderHeader('the diff against main', { v: 1, base: 'a', head: 'b', diff: 'c' });
    const ends: number[] = [];
    for (const step of steps) {
      const role = step.kind === 'response' ? 'responder' : 'reviewer';
      const section = { ...step, role, agent: 'test', time } as const;
      text += ends.length === 0 ? renderSection(section) : renderAppend(text, section);
      ends.push(text.length);
    }
    const full = crlf ? text.replace(/\n/g, '\r\n') : text;
    const at = (end: number) => (crlf ? end + (text.slice(0, end).match(/\n/g)?.length ?? 0) : end);
    // Section ends, and cuts anywhere: a peer's write seen half done.
    const points = [...new Set([...ends.map(at), ...cuts.map((cut) => cut % (full.length + 1))])].sort((a, b) => a - b);
    const texts = points.map((point) => full.slice(0, point));
    if (rewriteAt !== null && texts.length > 1) {
      const at = rewriteAt % texts.length;
      texts.splice(at, 0, (texts[at] ?? '').replace(/Agreed|Maintained|R1/, 'Rewritten'));
    }
    return texts;
  });
