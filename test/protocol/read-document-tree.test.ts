import { describe, expect, it } from 'vitest';
import type { Root } from 'mdast';
import { readDocumentTree } from '../../src/protocol/read-document-tree.js';
import { readMarkdown } from '../../src/protocol/read-markdown.js';

const outline = (tree: Root) => tree.children.map((node) => [node.type, node.position?.start.line, node.position?.start.offset, node.position?.end.offset]);

const head = '# Code Debate: HEAD\n<!-- code-debate {"v":1} -->\n\n## Review\n\n### R1. A point\n**Severity:** low\n\n*— Reviewer · builtin · 2026-11-22T00:00:00Z*\n\n';

/** Each case: a prefix the process read before, then what a writer appended to it. */
const cases: Array<[string, string, string]> = [
  ['our append after our section', head, '---\n\n## Response 1\n\n### R1. A point\n**Agreed**: yes.\n\n*— Responder · builtin · 2026-11-22T00:00:01Z*\n\n'],
  ['a fence left open in the prefix swallows the append', `${head}\`\`\`js\nconst a = 1;\n\n`, '## Response 1\n\nnot a heading: still code\n'],
  ['a fence closed in the prefix', `${head}\`\`\`js\nconst a = 1;\n\`\`\`\n\n`, '## Response 1\n\n**Agreed**\n'],
  ['an HTML block left open', `${head}<pre>\ncode\n\n`, '## Response 1\n\n</pre>\n'],
  ['a list continued by an indented append', `${head}- item\n\n`, '    still the item\n\n## Response 1\n\nx\n'],
  ['a prefix without its blank line', head.trimEnd() + '\n', 'more words\n---\n\n## Response 1\n\nx\n'],
  ['a setext underline appended', `${head}Some text\n\n`, '===\n\n## Response 1\n\nx\n'],
  ['CRLF-free long debate, two appends', head, '---\n\n## Response 1\n\n- R1: **Disagreed**\n\n---\n\n## Reviewer Follow-up 1\n\n> quoted\n\n## Response 2\n\n1. **Agreed**\n'],
];

describe('readDocumentTree', () => {
  it.each(cases)('%s: the same top-level tree as parsing the whole text', (_name, prefix, appended) => {
    readDocumentTree(prefix);
    expect(outline(readDocumentTree(prefix + appended))).toEqual(outline(readMarkdown(prefix + appended)));
  });

  it('parses a text that does not extend the last one whole', () => {
    readDocumentTree(`${head}---\n\n## Response 1\n\nx\n\n`);
    const other = `${head}---\n\n## Response 1\n\ny, rewritten\n\n`;
    expect(outline(readDocumentTree(other))).toEqual(outline(readMarkdown(other)));
  });
});
