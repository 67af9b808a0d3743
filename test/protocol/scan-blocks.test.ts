import fc from 'fast-check';
import type { Heading, Root } from 'mdast';
import { describe, expect, it } from 'vitest';
import { readHeadingSource } from '../../src/protocol/heading-source.js';
import { normalizeNewlines, readMarkdown } from '../../src/protocol/read-markdown.js';
import { scanBlocks, startState, type TopBlock } from '../../src/protocol/scan-blocks.js';
import { agentLikeText, anyText, debateLikeText } from '../faults/markdown-arbitraries.js';

const numRuns = Number(process.env.FUZZ_RUNS ?? 400);

/** What a parse of the top level is read for: its headings (depth, line, text) and its HTML blocks' text. */
type Outline = Array<[string, number, number | string, string]>;

function treeOutline(source: string, tree: Root): Outline {
  return tree.children.flatMap((node): Outline => {
    if (node.type === 'html') return [['html', node.position?.start.line ?? 0, '', node.value.trim()]];
    if (node.type !== 'heading') return [];
    return [['heading', node.depth, node.position?.start.line ?? 0, readHeadingSource(source, node).text]];
  });
}

function scanOutline(source: string, blocks: readonly TopBlock[]): Outline {
  return blocks.map((block): Outline[number] => {
    if (block.type === 'html') return ['html', source.slice(0, block.start).split('\n').length, '', source.slice(block.start, block.end).trim()];
    const node: Heading = {
      type: 'heading',
      depth: block.depth as Heading['depth'],
      children: [],
      position: { start: { offset: block.start, line: block.line, column: 1 }, end: { offset: block.end, line: block.line, column: 1 } },
    };
    return ['heading', block.depth, block.line, readHeadingSource(source, node).text];
  });
}

/** The HTML blocks the scanner reports are those before the first level-2 ATX heading: compare those only. */
function comparable(outline: Outline): Outline {
  const first = outline.findIndex(([type, depth], index) => type === 'heading' && depth === 2 && index >= 0);
  return outline.filter(([type], index) => type !== 'html' || first === -1 || index < first);
}

/** Lines inside containers, code and HTML, as agents and people write them. */
const nested = fc
  .array(
    fc.tuple(
      fc.constantFrom('', '', '', '> ', '- ', '  ', '1. ', '2. ', '   ', '    ', '>> ', '> - ', '  - ', '* ', '\t', ' > ', '- \t', '-   \t', '01. '),
      fc.constantFrom(
        '## Review',
        '## Response 1',
        '## CONSENSUS',
        '# Code Debate: x',
        'text',
        'more text',
        '',
        '```',
        '~~~',
        '```js',
        '---',
        '===',
        '***',
        '- - -',
        '<div>',
        '</div>',
        '<!-- c -->',
        '<!--',
        '-->',
        '<pre>',
        '</pre>',
        '<x-y a="1">',
        '[a]: /url',
        '### R1. A',
        '**Agreed**',
        '<!-->',
        '<!--->',
        '<img src=docs/a.png>',
        '<a b=c=d>',
        '<![CDATA[',
        ']]]>',
        ']]>',
      ),
    ),
    { maxLength: 30 },
  )
  .map((lines) => lines.map(([prefix, text]) => prefix + text).join('\n'));

describe('scanBlocks', () => {
  it('reads the same top-level headings and HTML blocks as remark, whenever it does not give up', () => {
    let scanned = 0;
    fc.assert(
      fc.property(fc.oneof(nested, debateLikeText, agentLikeText, anyText), (raw) => {
        const source = normalizeNewlines(raw);
        const result = scanBlocks(source, startState());
        if (result === null) return;
        scanned++;
        expect(comparable(scanOutline(source, result.blocks))).toEqual(comparable(treeOutline(source, readMarkdown(source))));
      }),
      { numRuns: numRuns * 3 },
    );
    // A scanner that gave up on everything would pass the property and help no one.
    expect(scanned).toBeGreaterThan(numRuns);
  });

  it('goes on from where it stopped as if it had read the whole text', () => {
    fc.assert(
      fc.property(fc.oneof(nested, debateLikeText), fc.oneof(nested, debateLikeText), (first, added) => {
        const before = normalizeNewlines(first);
        const whole = normalizeNewlines(first + added);
        if (!whole.startsWith(before)) return;
        const start = scanBlocks(before, startState());
        const all = scanBlocks(whole, startState());
        if (start === null || all === null) return;
        const rest = scanBlocks(whole, start.resume);
        expect(rest).not.toBeNull();
        expect([...start.blocks.slice(0, start.resumeBlocks), ...(rest?.blocks ?? [])]).toEqual(all.blocks);
      }),
      { numRuns },
    );
  });

  it.each([
    ['a comment closed at once', '<!-->\n\n---\n\n## Response 1\n\nok\n'],
    ['a tab after a list marker', '- \tfoo\n   ## Response 1\n'],
    ['spaces and a tab after a list marker', '-   \tfoo\n  ## X\n'],
    ['a slash in an unquoted attribute', '<img src=docs/a.png>\n```sh\na\n\nb\n```\n\n---\n\n## Response 1\n'],
    ['chained attribute values', '<a b=c=d>\n## Response 1\n'],
    ['an ordered item 01 after a paragraph', 'foo\n01. x\n---\n'],
    ['CDATA with three brackets', '<![CDATA[\nx ]]]>\n## Response 1\n'],
  ])('%s: the same top level as remark, or it gives up', (_name, text) => {
    const result = scanBlocks(text, startState());
    if (result !== null) expect(comparable(scanOutline(text, result.blocks))).toEqual(comparable(treeOutline(text, readMarkdown(text))));
  });

  it('reads a debate made of lists, quotes and fenced code without giving up', () => {
    const text = [
      '# Code Debate: HEAD',
      '<!-- code-debate {"v":1} -->',
      '',
      '## Review',
      '',
      '### R1. A',
      '**Severity:** high',
      '',
      '- one',
      '  - nested',
      '',
      '  ```js',
      '  ## not a heading',
      '  ```',
      '> quoted',
      'lazy line',
      '',
      'Setext title',
      '---',
      '',
      '1. first',
      '2. second',
      '',
      '<details>',
      '## inside HTML',
      '',
      '## Response 1',
      '',
      'ok',
    ].join('\n');
    const result = scanBlocks(text, startState());
    expect(result).not.toBeNull();
    expect(comparable(scanOutline(text, result?.blocks ?? []))).toEqual(comparable(treeOutline(text, readMarkdown(text))));
  });
});

describe('parseDocument over a scan resumed on a grown text', () => {
  it('reads a section whose heading an unended last line made, and the line then unmade, as a parse from nothing does', async () => {
    const { parseDocument } = await import('../../src/protocol/parse-document.js');
    const base =
      '# Code Debate: HEAD\n\n## Review\n\n### R1. A\n**Severity:** low\n\n---\n\n## Response 1\n\n- R1: **Disagreed**\n\n---\n\n## Reviewer Follow-up 1\n\nStill.\n\nResponse 2\n-';
    parseDocument('\u0001 unrelated');
    const first = parseDocument(base);
    expect(first.ok && first.document.sections.map((section) => section.heading)).toEqual(['Review', 'Response 1', 'Reviewer Follow-up 1', 'Response 2']);
    const grown = parseDocument(`${base} item\n`);
    parseDocument('\u0001 unrelated');
    const fresh = parseDocument(`${base} item\n`);
    expect(grown).toEqual(fresh);
    expect(grown.ok && grown.document.sections.at(-1)?.body).toContain('Response 2\n- item');
  });
});
