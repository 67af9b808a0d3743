import { describe, expect, it } from 'vitest';
import { normalizeNewlines, readMarkdown } from '../../src/protocol/read-markdown.js';

describe('normalizeNewlines', () => {
  it('turns CRLF and lone CR into LF and leaves LF alone', () => {
    expect(normalizeNewlines('a\r\nb\rc\nd\r\n')).toBe('a\nb\nc\nd\n');
  });

  it('keeps the number of lines, so line numbers stay right', () => {
    const text = '# T\r\n\r\n## Review\r\nx\r\n';
    expect(normalizeNewlines(text).split('\n')).toHaveLength(text.split('\r\n').length);
  });
});

describe('readMarkdown', () => {
  it('gives positioned nodes with offsets into the text', () => {
    const tree = readMarkdown('# Title\n\n## Review\n');
    expect(tree.children.map((node) => [node.type, node.position?.start.line, node.position?.start.offset])).toEqual([
      ['heading', 1, 0],
      ['heading', 3, 9],
    ]);
  });

  it('reads ATX and setext headings with their depth', () => {
    const tree = readMarkdown('Title\n=====\n\nReview\n------\n\n## Response 1\n');
    expect(tree.children.map((node) => (node.type === 'heading' ? node.depth : node.type))).toEqual([1, 2, 2]);
  });
});
