/**
 * Answers written as models and people write them, each with the exact reading the reader must
 * give (docs/protocol.md, "Reading a peer's text"): a label, or `unread` (the point stays open and
 * the writer is asked to restate it). Traps: a canonical block in a container, a number that is
 * another point's, a label whose next words turn it, bytes and letters that are not the
 * protocol's. Natural styles: what a careful reader takes the same way whatever follows. The
 * bodies answer foreign-corpus.ts's Review (R1 medium, R2 high, R3 low) as Response 1, or its
 * Response 1 (every point disagreed, F1 raised) as Follow-up 1.
 */
export interface TrapEntry {
  name: string;
  kind: 'response' | 'follow-up';
  body: string;
  read: Readonly<Record<string, string>>;
}

const md = (...lines: string[]): string => lines.join('\n');
const fence = '```';

/** R2 and R3 answered in the canonical form, so an entry about R1 reads the rest exactly. */
const rest = md('', '### R2 — Disagreed', '', 'The middleware validates it.', '', '### R3 — Agreed', '', 'The retry goes.');
const restFollow = md('', '### R2 — Maintained', '', 'The middleware skips the admin route.', '', '### R3 — Withdrawn', '', 'Fine.');
const both = { R2: 'disagreed', R3: 'agreed' };
const bothHeld = { R2: 'maintained', R3: 'withdrawn' };

export const trapCorpus: readonly TrapEntry[] = [
  // Structure: only the section's top-level blocks count.
  {
    name: 'a canonical block inside an HTML comment (a draft kept)',
    kind: 'response',
    body: md('<!--', '### R1 — Agreed', '', 'draft', '-->', rest),
    read: { R1: 'unread', ...both },
  },
  {
    name: 'a canonical block inside <details>',
    kind: 'response',
    body: md('<details>', '<summary>Earlier draft</summary>', '', '### R1 — Agreed', '', 'The log goes.', '', '</details>', rest),
    read: { R1: 'unread', ...both },
  },
  {
    name: 'a canonical block inside a list item',
    kind: 'response',
    body: md('- Draft, not final:', '', '  ### R1 — Agreed', '', '  The log goes.', rest),
    read: { R1: 'unread', ...both },
  },
  { name: 'a canonical block inside a blockquote', kind: 'response', body: md('> ### R1 — Agreed', '>', '> as the other side wrote', rest), read: { R1: 'unread', ...both } },
  { name: 'a canonical block inside fenced code', kind: 'response', body: md(fence + 'markdown', '### R1 — Agreed', fence, rest), read: { R1: 'unread', ...both } },
  { name: 'a canonical block in indented code', kind: 'response', body: md('The template:', '', '    ### R1 — Agreed', rest), read: { R1: 'unread', ...both } },
  { name: 'a label in a table', kind: 'response', body: md('| Point | Verdict |', '| --- | --- |', '| R1 | Agreed |', rest), read: { R1: 'unread', ...both } },
  {
    name: 'a list item `R1. Agreed` nested in another item',
    kind: 'response',
    body: md('- My answers:', '  - R1. **Agreed** — the log goes.', rest),
    read: { R1: 'unread', ...both },
  },

  // Numbers taken for ids.
  {
    name: 'headings grouping points by verdict (`### 1. Disagreed` over R2)',
    kind: 'response',
    body: md('### 1. Disagreed', '', '- R2: the middleware validates it.', '', '### 2. Agreed', '', '- R1: the log goes.', '- R3: the retry goes.'),
    read: { R1: 'unread', R2: 'unread', R3: 'unread' },
  },

  // A label whose next words turn it or speak of something else.
  {
    name: '`**Agreed:** R2 is right that …; on this point, no`',
    kind: 'response',
    body: md('### R1', '', '**Agreed:** R2 is right that the body is unchecked; on this point, no.', rest),
    read: { R1: 'unread', ...both },
  },
  {
    name: "`**Agreed** — with R2's premise; R1 itself I dispute`",
    kind: 'response',
    body: md('### R1', '', "**Agreed** — with R2's premise; R1 itself I dispute.", rest),
    read: { R1: 'unread', ...both },
  },
  { name: '`Agreed: Nein`', kind: 'response', body: md('### R1', '', 'Agreed: Nein', rest), read: { R1: 'unread', ...both } },
  { name: '`Agreed: いいえ`', kind: 'response', body: md('### R1', '', 'Agreed: いいえ', rest), read: { R1: 'unread', ...both } },
  {
    name: '`Agreed, but only in tests`',
    kind: 'response',
    body: md('R1. Agreed, but only in tests.', '', 'R2. Disagreed — the middleware validates it.', '', 'R3. Agreed — the retry goes.'),
    read: { R1: 'unread', ...both },
  },
  {
    name: '`**Accepted:** the rename …; the expiry itself is still open`',
    kind: 'follow-up',
    body: md('### R1', '', '**Accepted:** the rename is fine; the expiry itself is still open.', restFollow),
    read: { R1: 'unread', ...bothHeld },
  },
  {
    name: '`**Withdrawn** — my aside, that is; the point stands`',
    kind: 'follow-up',
    body: md('### R1', '', '**Withdrawn** — my aside, that is; the point stands.', restFollow),
    read: { R1: 'unread', ...bothHeld },
  },

  // Bytes and letters that are not the protocol's.
  { name: 'a Cyrillic А in Agreed', kind: 'response', body: md('### R1 — \u0410greed', rest), read: { R1: 'unread', ...both } },
  { name: 'a full-width digit in R１', kind: 'response', body: md('### R\uFF11 — Agreed', rest), read: { R1: 'unread', ...both } },
  { name: 'a Greek omicron in Withdrawn', kind: 'follow-up', body: md('### R1 — Withdr\u03BFwn', restFollow), read: { R1: 'unread', ...bothHeld } },
  { name: 'a zero-width space inside the label', kind: 'response', body: md('### R1 — Agr\u200Beed', rest), read: { R1: 'agreed', ...both } },
  { name: 'a no-break space around the dash', kind: 'response', body: md('### R1\u00A0—\u00A0Agreed', rest), read: { R1: 'agreed', ...both } },
  { name: 'tabs around the dash', kind: 'response', body: md('### R1\t—\tAgreed', rest), read: { R1: 'agreed', ...both } },
  { name: 'a byte order mark before the heading', kind: 'response', body: md('\uFEFF### R1 — Agreed', rest), read: { R1: 'agreed', ...both } },

  // Natural styles a careful reader takes the same way whatever follows.
  { name: 'the canonical block', kind: 'response', body: md('### R1 — Agreed', '', '**Evidence:** `src/a.ts:3`', '', 'The log goes.', rest), read: { R1: 'agreed', ...both } },
  {
    name: '`**Verdict:** Agreed` under a bare heading',
    kind: 'response',
    body: md('### R1', '', '**Verdict:** Agreed', '', 'The log goes.', rest),
    read: { R1: 'agreed', ...both },
  },
  {
    name: '`R1: **Agreed** — <reason>` lines',
    kind: 'response',
    body: md('R1: **Agreed** — the log goes.', 'R2: **Disagreed** — the middleware validates it.', 'R3: **Agreed** — the retry goes.'),
    read: { R1: 'agreed', ...both },
  },
  {
    name: 'a numbered list in round 1, every point open',
    kind: 'response',
    body: md('1. **Agreed** — the log goes.', '2. **Disagreed** — the middleware validates it.', '3. **Agreed** — the retry goes.'),
    read: { R1: 'agreed', ...both },
  },
  {
    name: '`- **R1**: Agreed — <reason>` list items',
    kind: 'response',
    body: md('- **R1**: Agreed — the log goes.', '- **R2**: Disagreed — the middleware validates it.', '- **R3**: Agreed — the retry goes.'),
    read: { R1: 'agreed', ...both },
  },
  {
    name: 'a reason that names no other point, after a colon',
    kind: 'response',
    body: md('### R1', '', '**Agreed:** the log line ships to production.', rest),
    read: { R1: 'agreed', ...both },
  },
  {
    name: '`### R1 — Partially agreed` with a but in the reason',
    kind: 'response',
    body: md('### R1', '', '**Partially agreed:** the log goes, but the flag stays.', rest),
    read: { R1: 'partially-agreed', ...both },
  },
  {
    name: 'canonical held positions',
    kind: 'follow-up',
    body: md('### R1 — Withdrawn', '', '**Severity:** unchanged', '', 'Fair.', restFollow),
    read: { R1: 'withdrawn', ...bothHeld },
  },
  // Styles left open: the writer is asked to restate them.
  { name: '`R1: AGREE` (not the protocol word)', kind: 'response', body: md('R1: AGREE', 'R2: DISAGREE', 'R3: AGREE'), read: { R1: 'unread', R2: 'unread', R3: 'unread' } },
  { name: '``### R1 — `Agreed` `` (a code span)', kind: 'response', body: md('### R1 — `Agreed`', rest), read: { R1: 'unread', ...both } },
  {
    name: '`- [x] R1 Withdrawn`',
    kind: 'follow-up',
    body: md('- [x] R1 Withdrawn', '- [ ] R2 Withdrawn', '- [x] R3 Withdrawn'),
    read: { R1: 'unread', R2: 'unread', R3: 'unread' },
  },
];
