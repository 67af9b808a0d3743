import { describe, expect, it } from 'vitest';
import { stripDraftComments } from '../../../src/agents/human/human-strip-comments.js';

describe('stripDraftComments', () => {
  it('drops comment lines and squeezes the blank lines they leave', () => {
    expect(stripDraftComments('<!--\n  instructions\n-->\n\n\n### R1. Title\n<!-- choose -->\n\n**Agreed**: yes.\n\n\n\n')).toBe('### R1. Title\n\n**Agreed**: yes.');
  });

  it('keeps the text around a comment on the same line', () => {
    expect(stripDraftComments('**Agreed** <!-- pick one -->: it goes.')).toBe('**Agreed** : it goes.');
  });

  it('keeps comments inside fenced and inline code', () => {
    const text = 'Use `<!-- x -->` here.\n\n```html\n<!-- kept -->\n<p></p>\n```';
    expect(stripDraftComments(`<!-- gone -->\n${text}\n`)).toBe(text);
  });

  it('drops an unclosed comment to the end, as Markdown renders it', () => {
    expect(stripDraftComments('Text.\n\n<!-- the end was deleted\n**Agreed**')).toBe('Text.');
  });

  it('reads CRLF drafts and trailing spaces', () => {
    expect(stripDraftComments('<!-- c -->\r\nLine one.  \r\nLine two.\r\n')).toBe('Line one.\nLine two.');
  });

  it('is empty for a draft of comments and blank lines only', () => {
    expect(stripDraftComments('<!-- a -->\n\n  <!-- b -->\n \n')).toBe('');
  });
});
