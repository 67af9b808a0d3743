import { describe, expect, it } from 'vitest';
import { keptEditOf, lastKeptEdit, renderKeptEdit } from '../../src/protocol/kept-edit.js';

const edited = '# Code Debate: HEAD\n\n## Review\n\n### R1. A point\n**Severity:** low\n';

describe('a kept hand edit', () => {
  it('is read back from the end of the text it was written under, with what changed', () => {
    const text = edited + renderKeptEdit(edited, 'the text of `## Review` (line 3) was rewritten at line 6');
    expect(text).toMatch(/\n\n<!-- code-debate: a hand edit was kept \(.+\); the debate goes on from the text above\. sha256:[0-9a-f]{64} -->\n$/);
    expect(keptEditOf(text)).toBe('the text of `## Review` (line 3) was rewritten at line 6');
  });

  it('starts on a line of its own after a text with no final newline, and survives CRLF line ends and blank lines after it', () => {
    const bare = edited.trimEnd();
    const text = bare + renderKeptEdit(bare, 'edited');
    expect(text).toContain('**Severity:** low\n\n<!--');
    expect(keptEditOf(`${text.replaceAll('\n', '\r\n')}\r\n\r\n`)).toBe('edited');
  });

  it('keeps nothing once the text before it changes, or when it is not last, or forged', () => {
    const text = edited + renderKeptEdit(edited, 'edited');
    expect(keptEditOf(text.replace('low', 'high'))).toBeNull();
    expect(keptEditOf(`${text}\n---\n\n## Response 1\n`)).toBeNull();
    expect(keptEditOf(`${edited}\n<!-- code-debate: a hand edit was kept (edited); the debate goes on from the text above. sha256:${'0'.repeat(64)} -->\n`)).toBeNull();
    expect(keptEditOf(edited)).toBeNull();
  });

  it('writes what changed on one line that cannot close the comment early', () => {
    const text = edited + renderKeptEdit(edited, 'one\nsaid --> here');
    expect(text.trimEnd().split('\n').at(-1)).toContain('(one said - -> here)');
    expect(keptEditOf(text)).toBe('one said - -> here');
  });

  it('is found where it stands once the debate went on after it, and only where its text is untouched', () => {
    const kept = edited + renderKeptEdit(edited, 'edited');
    const text = `${kept}\n---\n\n## Response 1\n\n### R1 — Agreed\n`;
    expect(lastKeptEdit(text)).toEqual({ change: 'edited', end: kept.length });
    expect(lastKeptEdit(text.replace('low', 'nit'))).toBeNull();
  });
});
