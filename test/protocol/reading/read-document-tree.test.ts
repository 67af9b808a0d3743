import fc from 'fast-check';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Paragraph, Root } from 'mdast';
import { readDocumentTree as readTree, rememberSectionBody } from '../../../src/protocol/reading/read-document-tree.js';
import { createReaderMemory, type ReaderMemory } from '../../../src/protocol/reading/reader-memory.js';
import { readMarkdown } from '../../../src/protocol/read-markdown.js';
import { renderAppend } from '../../../src/protocol/render-section.js';
import { sanitizeAgentText } from '../../../src/protocol/sanitize-agent-text.js';
import { readCitationUnits } from '../../../src/protocol/citation-units.js';
import { agentLikeText } from '../../faults/markdown-arbitraries.js';

const numRuns = Number(process.env.FUZZ_RUNS ?? 100);

/** The memory of the reader under test, fresh for each test: what it read before is all it knows. */
let memory: ReaderMemory = createReaderMemory();
beforeEach(() => {
  memory = createReaderMemory();
});
const readDocumentTree = (source: string) => readTree(memory, source);
/** sanitizeAgentText as a session calls it: its reader is told the body it is about to append. */
const sanitize = (text: string, heading: string) => sanitizeAgentText(text, heading, (body, nodes) => rememberSectionBody(memory, body, nodes));

const outline = (tree: Root) => tree.children.map((node) => [node.type, node.position?.start.line, node.position?.start.offset, node.position?.end.offset]);

const head = '# Code Debate: HEAD\n<!-- code-debate {"v":1} -->\n\n## Review\n\n### R1. A point\n**Severity:** low\n\n*— Reviewer · builtin · 2026-11-22T00:00:00Z*\n\n';

/** Each case: a prefix the process read before, then what a writer appended to it. */
const cases: Array<[string, string, string]> = [
  ['our append after our section', head, '---\n\n## Response 1\n\n### R1. A point\n**Agreed**: yes.\n\n*— Responder · builtin · 2026-11-22T00:00:01Z*\n\n'],
  ['a fence left open in the prefix swallows the append', `${head}\`\`\`js\nconst a = 1;\n\n`, '## Response 1\n\nnot a heading: still code\n'],
  ['a fence just opened, no info string, then blank lines', `${head}\`\`\`\n\n`, '## Response 1\n\nnot a heading: still code\n```\n'],
  ['a tilde fence just opened, then blank lines', `${head}~~~~\n\n\n`, '## Response 1\n\n~~~\nstill code\n'],
  ['an empty fenced block, closed', `${head}\`\`\`\n\`\`\`\n\n`, '## Response 1\n\n**Agreed**\n'],
  ['a fence closed in the prefix', `${head}\`\`\`js\nconst a = 1;\n\`\`\`\n\n`, '## Response 1\n\n**Agreed**\n'],
  ['an HTML block left open', `${head}<pre>\ncode\n\n`, '## Response 1\n\n</pre>\n'],
  ['a list continued by an indented append', `${head}- item\n\n`, '    still the item\n\n## Response 1\n\nx\n'],
  ['a list continued by its next item', `${head}- item\n\n`, '- another item\n\n## Response 1\n\nx\n'],
  ['an ordered list continued by its next item', `${head}1. first\n\n`, '2. second\n\n## Response 1\n\nx\n'],
  // micromark reads a list item right after indented code as if it interrupted a paragraph (micromark/micromark#228).
  ['an ordered list from 3 after indented code', `${head}    indented code\n\n`, '3. third\n\n## Response 1\n\nx\n'],
  ['an empty list item after indented code', `${head}    indented code\n\n`, '-\n**Agreed**: yes.\n\n## Response 1\n\nx\n'],
  ['a prefix without its blank line', head.trimEnd() + '\n', 'more words\n---\n\n## Response 1\n\nx\n'],
  ['a setext underline appended', `${head}Some text\n\n`, '===\n\n## Response 1\n\nx\n'],
  ['CRLF-free long debate, two appends', head, '---\n\n## Response 1\n\n- R1: **Disagreed**\n\n---\n\n## Reviewer Follow-up 1\n\n> quoted\n\n## Response 2\n\n1. **Agreed**\n'],
];

describe('readDocumentTree', () => {
  it.each(cases)('%s: the same top-level tree as parsing the whole text', (_name, prefix, appended) => {
    readDocumentTree(prefix);
    expect(outline(readDocumentTree(prefix + appended))).toEqual(outline(readMarkdown(prefix + appended)));
  });

  it('keeps the nodes read before when a text ending with a list grows by a separator, not an item', () => {
    const before = readDocumentTree(`${head}- item\n\n`);
    const grown = `${head}- item\n\n---\n\n## Response 1\n\nx\n`;
    const tree = readDocumentTree(grown);
    expect(tree.children[0]).toBe(before.children[0]);
    expect(outline(tree)).toEqual(outline(readMarkdown(grown)));
  });

  it('parses a text that does not extend the last one whole', () => {
    readDocumentTree(`${head}---\n\n## Response 1\n\nx\n\n`);
    const other = `${head}---\n\n## Response 1\n\ny, rewritten\n\n`;
    expect(outline(readDocumentTree(other))).toEqual(outline(readMarkdown(other)));
  });
});

describe('readDocumentTree after our own section is appended', () => {
  const ours = (body: string, prefix = head) => prefix + renderAppend(prefix, { kind: 'response', number: 1, body, role: 'responder', agent: 'builtin', time: new Date(0) });

  it('reads it as parsing the whole text does, whatever the agent wrote', () => {
    fc.assert(
      fc.property(agentLikeText, fc.constantFrom(head, `${head}Some words`, `${head}- item\n`), (text, prefix) => {
        readDocumentTree(prefix);
        const full = ours(sanitize(text, 'Response 1'), prefix);
        const tree = readDocumentTree(full);
        const whole = readMarkdown(full);
        expect(outline(tree)).toEqual(outline(whole));
        // What the evidence check reads of each node is the same too.
        expect(readCitationUnits(tree.children)).toEqual(readCitationUnits(whole.children));
      }),
      { numRuns },
    );
  });

  // A body is remembered when the agent's text is sanitized, and an answer may never be written
  // (asked again, or the turn discarded): a peer's text that holds the same words is read whole.
  const peerList = (item: string) => `---\n\n## Reviewer Follow-up 1\n\n- R1: kept.\n\n${item}\n\n- R2: kept.\n\n*— Reviewer · builtin · 2026-11-22T00:00:02Z*\n\n`;
  it.each([
    ['a list item', '- None.', peerList('- None.')],
    ['an empty body', '', `---\n\n## Reviewer Follow-up 1\n\n- R1: kept.\n\n\n\n- R2: kept.\n\n*— Reviewer · builtin · 2026-11-22T00:00:02Z*\n\n`],
  ])("a body remembered for a turn not written (%s) is not placed inside a peer's list", (_name, answer, appended) => {
    sanitize(answer, 'Response 1');
    const prefix = ours('### R1. A point\n**Agreed**: yes.');
    readDocumentTree(prefix);
    const tree = readDocumentTree(prefix + appended);
    expect(outline(tree)).toEqual(outline(readMarkdown(prefix + appended)));
    expect(tree.children.filter((node) => node.type === 'list')).toHaveLength(1);
  });

  it('does not parse the body again: its nodes are those sanitizing the text read', () => {
    readDocumentTree(head);
    const body = sanitize('### R1. A point\n**Agreed**: the `retry()` loop is covered.', 'Response 1');
    const tree = readDocumentTree(ours(body));
    const paragraph = tree.children.find((node): node is Paragraph => node.type === 'paragraph' && node.position?.start.line === 16);
    // The top-level node is placed where it is in the file; inside it, positions count from the
    // body's own first line, as sanitizeAgentText read it alone (a parse of the file would say 16).
    expect(paragraph?.children[0]?.position?.start.line).toBe(2);
    expect(outline(tree)).toEqual(outline(readMarkdown(ours(body))));
  });
});
