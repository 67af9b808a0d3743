import { describe, expect, it } from 'vitest';
import { escapeControlChars, escapeJsonControlChars, stripControlChars } from '../../src/protocol/control-chars.js';
import { sanitizeAgentText } from '../../src/protocol/sanitize-agent-text.js';

describe('control characters', () => {
  it('are removed from an agent text, tab and newlines kept, and counted by name', () => {
    expect(stripControlChars('a\u0000b\u001b[2Jc\td\ne\u0007\u009b\u0000')).toEqual({ text: 'abc\td\ne', removed: ['1 × escape sequence', '2 × NUL', '1 × BEL', '1 × U+009B'] });
    expect(sanitizeAgentText('### R1. A\u001b]0;pwned\u0007\n**Agreed**\u0000 \u001b[31mred\u001b[0m', 'Response 1')).toBe('### R1. A\n**Agreed** red');
  });

  it('are shown, not sent, when printed: `\\x1B`', () => {
    expect(escapeControlChars('R1 \u001b]0;title\u0007 x\ty\r\n')).toBe('R1 \\x1B]0;title\\x07 x\ty\\x0D\n');
  });

  it('are escaped in JSON where JSON.stringify leaves them (DEL, C1)', () => {
    const json = escapeJsonControlChars(JSON.stringify({ title: 'a\u009b2Jb\u007f\u001b' }));
    expect(json).toBe('{"title":"a\\u009B2Jb\\u007F\\u001b"}');
    expect(JSON.parse(json)).toEqual({ title: 'a\u009b2Jb\u007f\u001b' });
  });
});
