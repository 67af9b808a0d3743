import { describe, expect, it } from 'vitest';
import { closeLastSection, closeOpenBlock, headingStaysAfterScan } from '../../src/protocol/close-open-block.js';
import { scanBlocks, startState } from '../../src/protocol/scan-blocks.js';
import { renderAppend } from '../../src/protocol/render-section.js';
import { headingsOf } from '../helpers/debate-repo.js';
import { parseOk } from './parse-ok.js';

const section = '## Review\n\n### 1. Debug output\nIt prints:\n\n';

const opened: Array<[string, string, string]> = [
  ['a backtick fence', '```js\nconsole.log(x);\n', '```'],
  ['a longer backtick fence', '````\n```\nx\n', '````'],
  ['a tilde fence', '~~~~~ text\nx\n', '~~~~~'],
  ['an indented fence', '   ```\nx\n', '```'],
  ['<pre>', '<pre>\nraw\n', '</pre>'],
  ['<script>', '<script type="module">\nrun();\n', '</script>'],
  ['<style>', '<style>\np {}\n', '</style>'],
  ['<textarea>', '<textarea>\ntext\n', '</textarea>'],
  ['an HTML comment', '<!-- note\nmore\n', '-->'],
  ['a processing instruction', '<?php\necho 1;\n', '?>'],
  ['a declaration', '<!DOCTYPE html\n', '>'],
  ['CDATA', '<![CDATA[\nx\n', ']]>'],
];

const closed: Array<[string, string]> = [
  ['a closed fence', '```\nx\n```\n'],
  ['a fence closed by a longer one', '```\nx\n`````\n'],
  ['an HTML block closed on its line', '<pre>x</pre>\n'],
  ['a comment closed later', '<!-- a\nb -->\n'],
  ['a <div>, which a blank line ends', '<div>\nx\n'],
  ['a fence in a list item, which an unindented line ends', '- item\n  ```\n  x\n'],
  ['a fence in a block quote', '> ```\n> x\n'],
  ['prose', 'Nothing open here.\n'],
];

describe('closeOpenBlock', () => {
  it.each(opened)('closes %s', (_, open, closer) => {
    expect(closeOpenBlock(section + open)).toBe(closer);
    // Once closed, a heading written after it is a heading for a CommonMark reader too.
    const text = `# Code Debate: x\n\n${section}${open}${closer}\n\n---\n\n## Response 1\n\nok\n`;
    expect(parseOk(text).sections.map((found) => found.heading)).toEqual(['Review', 'Response 1']);
  });

  it.each(closed)('leaves %s as it is', (_, text) => {
    expect(closeOpenBlock(section + text)).toBe('');
  });

  it('reads the last section of a document from its heading line', () => {
    const text = `# Code Debate: x\n\n## Review\n\n\`\`\`\nclosed\n\`\`\`\n\n---\n\n## Response 1\n\n~~~\nopen\n`;
    expect(closeLastSection(text, parseOk(text))).toBe('~~~');
  });
});

describe('headingStaysAfterScan', () => {
  // Endings the scanner reads to their end, and some it stops before (no line end yet, a paragraph a setext underline may take).
  const endings = [
    ...opened.map(([name, open]) => [name, open] as const),
    ...closed,
    ['an open fence with no line end', '```\nx'],
    ['indented code', '    code\n'],
    ['a list with a paragraph', '- a\n- b\n'],
    ['a paragraph with no line end', 'text'],
    ['a fence in a nested list', '- a\n  - ```\n    x\n'],
    ['a quote without its marker, lazily', '> a\nb\n'],
  ] as const;

  it.each(endings)('agrees with the parse after %s', (name, ending) => {
    const source = section + ending;
    const scanned = scanBlocks(source, startState());
    // The scanner does not model CDATA: a reader then reads the file with remark, and parses.
    if (name === 'CDATA') return expect(scanned).toBeNull();
    // What closeOpenBlock learns by parsing: no closer is needed exactly when a heading stays one.
    const stays = closeOpenBlock(source) === '';
    expect(headingStaysAfterScan(source, scanned!.resume)).toBe(stays);
  });
});

describe('renderAppend after a block left open', () => {
  it('writes the closer first, so grep and a CommonMark reader see the heading where it is written', () => {
    const existing = `# Code Debate: x\n\n${section}\`\`\`\nconsole.log(x);`;
    const appended = renderAppend(existing, { kind: 'response', number: 1, body: '### R1\n**Agreed**', role: 'responder', agent: 'builtin', time: new Date(0) }, false, '```');
    expect(appended.startsWith('\n```\n\n---\n\n## Response 1\n')).toBe(true);
    const text = existing + appended;
    expect(headingsOf(text)).toEqual(['## Review', '## Response 1']);
    expect(parseOk(text).sections.map((found) => found.heading)).toEqual(['Review', 'Response 1']);
  });

  it('writes the closer with CRLF in a CRLF file', () => {
    const appended = renderAppend('## Review\r\n\r\n<pre>\r\nx\r\n', { kind: 'response', number: 1, body: 'ok', role: 'responder', agent: 'a', time: new Date(0) }, true, '</pre>');
    expect(appended.startsWith('</pre>\r\n\r\n---\r\n\r\n## Response 1\r\n')).toBe(true);
  });
});
