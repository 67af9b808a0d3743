/**
 * Answers as language models write them (Claude, GPT, Gemini, Llama and Qwen through Ollama), with
 * what code-debate reads from each when a peer writes it (docs/protocol.md, "Reading a peer's
 * text"): a Response's answers, a Follow-up's held positions, a Review's severities. A style that
 * cannot be read without a guess (a label in a table, in prose, in a key line under a bullet, a
 * synonym, a label contradicted beside it) reads as `none`: the point is left as it was, never
 * given another label. `label-corpus.test.ts` reads them through the whole path: the debate
 * file, `parseDocument`, `buildLedger`.
 */
import type { Severity } from '../../src/protocol/document.js';
import type { AnswerPosition, HeldPosition } from '../../src/protocol/position.js';

/** Two different labels on one point, as the answer writes them: the agent is asked again, with both quoted. */
export interface Conflict {
  conflict: readonly [string, string];
}

/** What one point must read as: its label, `none` (no label: the agent is asked again) or a conflict. */
export type Reading<L extends string> = L | 'none' | Conflict;

export interface CorpusEntry<L extends string> {
  /** The test's name: the style, as the agent writes it. */
  name: string;
  /**
   * The section body. `{{more}}` marks where the reasoning after a label may go on, on the same
   * line or in a new paragraph; `{{more-inline}}` where it may go on only on the same line (a
   * table cell, a list item). Both read as nothing.
   */
  body: string;
  /** Each point's reading, by id. */
  read: Readonly<Record<string, Reading<L>>>;
}

/** Where the reasoning may go on, in a new paragraph or on the same line. */
export const moreSlot = '{{more}}';
/** Where the reasoning may go on only on the same line. */
export const inlineSlot = '{{more-inline}}';

const md = (...lines: string[]): string => lines.join('\n');
const fence = '```';

/**
 * The Review every response and follow-up entry answers: R1 (medium) and R2 (high). R2's title
 * starts with a word like a position's, which a follow-up heading repeating it must not read.
 */
export const corpusReview = md(
  '### R1. Debug output left in',
  '**Severity:** medium',
  '',
  '`src/a.ts:3` reads `console.log(x)`.',
  '',
  '### R2. Accepts any input',
  '**Severity:** high',
  '',
  'Nothing validates the request body before `src/b.ts:10` uses it.',
);

/** The Response 1 every follow-up entry replies to: it disagrees with every point. */
export const corpusResponse = md(
  '### R1. Debug output left in',
  '**Disagreed**: the call only runs under `DEBUG=1`.',
  '',
  '### R2. Accepts any input',
  '**Disagreed**: `validateBody` runs before the handler.',
);

/** Response bodies answering `corpusReview`, with each point's answer. */
export const responseCorpus: ReadonlyArray<CorpusEntry<AnswerPosition>> = [
  // 1. The point's heading or list lead.
  {
    name: 'heading `### R1. Agreed`',
    body: md(
      '### R1. Agreed',
      'The `console.log(x)` is leftover debugging; it goes in the next commit.{{more}}',
      '',
      '### R2. Disagreed',
      'The body is parsed by `BodySchema` before `src/b.ts:10` runs.{{more}}',
    ),
    read: { R1: 'agreed', R2: 'disagreed' },
  },
  {
    name: 'heading `### R1 — Agreed`, a blank line, then the reasoning',
    body: md(
      '### R1 — Agreed',
      '',
      'Leftover from a local repro; I will drop it.{{more}}',
      '',
      '### R2 — Partially agreed',
      '',
      'The public route is validated upstream, the admin route is not.{{more}}',
    ),
    read: { R1: 'agreed', R2: 'partially-agreed' },
  },
  {
    name: 'heading `### R1 (Agreed)`',
    body: md('### R1 (Agreed)', 'Removing it.{{more}}', '', '### R2 (Disagreed)', 'The schema middleware validates it.{{more}}'),
    read: { R1: 'agreed', R2: 'disagreed' },
  },
  {
    name: 'heading `### R1. <title> — Agreed` (Claude)',
    body: md(
      '### R1. Debug output left in — Agreed',
      '',
      "You're right: `console.log(x)` at `src/a.ts:3` is a leftover. I'll remove it.{{more}}",
      '',
      '### R2. Accepts any input — Disagreed',
      '',
      'The request body never reaches `src/b.ts:10` unvalidated: `validateBody()` runs first in the middleware chain.{{more}}',
    ),
    read: { R1: 'agreed', R2: 'disagreed' },
  },
  {
    name: 'heading `### R1. <title> (Partially agreed)`',
    body: md(
      '### R1. Debug output left in (Partially agreed)',
      'The log call is leftover, but it only runs behind `DEBUG=1`.{{more}}',
      '',
      '### R2. Accepts any input (Agreed)',
      'Good catch; adding a schema check.{{more}}',
    ),
    read: { R1: 'partially-agreed', R2: 'agreed' },
  },
  {
    name: 'heading `### R1. <title>: agreed` (lower case after a colon)',
    body: md('### R1. Debug output left in: agreed', 'Gone in the next commit.{{more}}', '', '### R2. Accepts any input: disagreed', 'It is validated.{{more}}'),
    read: { R1: 'none', R2: 'none' },
  },
  {
    name: 'heading `### R1 – Agreed` (en dash) and `### R2 — **Disagreed**` (bold in the heading)',
    body: md('### R1 – Agreed', 'Removing it.{{more}}', '', '### R2 — **Disagreed**', 'The schema middleware validates it.{{more}}'),
    read: { R1: 'agreed', R2: 'disagreed' },
  },
  {
    name: 'heading `### R1. <title> [Agreed]` (brackets)',
    body: md('### R1. Debug output left in [Agreed]', 'Removing it.{{more}}', '', '### R2. Accepts any input [Partially agreed]', 'One route of two.{{more}}'),
    read: { R1: 'agreed', R2: 'partially-agreed' },
  },
  {
    name: 'heading `### Response to R1: Agreed`',
    body: md(
      '### Response to R1: Agreed',
      'I will remove the debug line.{{more}}',
      '',
      '### Response to R2: Disagreed',
      'The validation happens in `middleware/validate.ts`.{{more}}',
    ),
    read: { R1: 'none', R2: 'none' },
  },
  {
    name: 'heading `### Re: R1 — Agreed`',
    body: md('### Re: R1 — Agreed', 'Dropping it.{{more}}', '', '### Re: R2 — Partially agreed', 'Only the admin route skips the check.{{more}}'),
    read: { R1: 'none', R2: 'none' },
  },
  {
    name: 'heading `### ✅ R1 — Agreed` and `### ❌ R2 — Disagreed`',
    body: md('### ✅ R1 — Agreed', 'Removed.{{more}}', '', '### ❌ R2 — Disagreed', 'Validated in the middleware.{{more}}'),
    read: { R1: 'agreed', R2: 'disagreed' },
  },
  {
    name: 'heading `### R1: Agreed — <reason>`',
    body: md(
      '### R1: Agreed — the log call is leftover',
      'Removed in the next commit.{{more}}',
      '',
      '### R2: Disagreed — validated upstream',
      '`validateBody` runs before the handler.{{more}}',
    ),
    read: { R1: 'agreed', R2: 'disagreed' },
  },
  {
    name: 'heading `#### R1 — AGREED` (level 4, upper case)',
    body: md('#### R1 — AGREED', 'Will remove.{{more}}', '', '#### R2 — DISAGREE', 'It is validated.{{more}}'),
    read: { R1: 'agreed', R2: 'none' },
  },
  {
    name: 'heading `### R1 - Partially Agreed` (hyphen, title case)',
    body: md('### R1 - Partially Agreed', 'Only in the debug build.{{more}}', '', '### R2 - Agreed', 'Adding validation.{{more}}'),
    read: { R1: 'partially-agreed', R2: 'agreed' },
  },
  {
    name: 'heading `### R1: Agreed ✅` (Qwen)',
    body: md('### R1: Agreed ✅', 'The debug output should be removed.{{more}}', '', '### R2: Disagreed ❌', 'The input is validated by the middleware.{{more}}'),
    read: { R1: 'agreed', R2: 'disagreed' },
  },
  {
    name: 'heading `### R1. Agreed` repeated by `**Agreed.**` in the body: one label, no conflict',
    body: md('### R1. Debug output left in — Agreed', '**Agreed.** It goes.{{more}}', '', '### R2 — Disagree', '**Disagreed:** the schema runs first.{{more}}'),
    read: { R1: 'agreed', R2: 'disagreed' },
  },
  {
    name: 'heading title `Agreed-upon log format` is a title, the body has the label',
    body: md(
      '### R1. Agreed-upon log format is ignored',
      '**Disagreed**: the call uses the agreed format.{{more}}',
      '',
      '### R2. Accepts any input',
      '**Agreed**: adding validation.{{more}}',
    ),
    read: { R1: 'none', R2: 'agreed' },
  },
  {
    name: 'list lead `- **R1** (Agreed)` with the reason on the next line',
    body: md('- **R1** (Agreed)', '  The log line goes in the next commit.{{more-inline}}', '- **R2** (Disagreed)', '  `validateBody` runs before the handler.{{more-inline}}'),
    read: { R1: 'agreed', R2: 'disagreed' },
  },
  {
    name: 'list lead `- **R1** (Agreed) — <reason>`',
    body: md('- **R1** (Agreed) — the log line goes.{{more-inline}}', '- **R2** (Partially agreed) — only the admin route.{{more-inline}}'),
    read: { R1: 'agreed', R2: 'partially-agreed' },
  },
  {
    name: 'numbered `1. **Agreed** — <reason>` (the plain protocol)',
    body: md('1. **Agreed** — the log line goes.{{more-inline}}', '2. **Disagreed** — validated upstream.{{more-inline}}'),
    read: { R1: 'agreed', R2: 'disagreed' },
  },
  {
    name: 'numbered `1. Agreed — <reason>`',
    body: md('1. Agreed — the log line goes.{{more-inline}}', '2. Disagreed — `validateBody` runs first.{{more-inline}}'),
    read: { R1: 'agreed', R2: 'disagreed' },
  },
  {
    name: 'numbered `1. **partially agree** — <reason>` (lower case, `agree`)',
    body: md('1. **partially agree** — only on the hot path.{{more-inline}}', '2. **agree** — adding the schema.{{more-inline}}'),
    read: { R1: 'none', R2: 'none' },
  },
  {
    name: 'id lines `R1: Agreed. <reason>` (Llama)',
    body: md('R1: Agreed. The debug output should be removed.{{more}}', '', 'R2: Disagree. The input is validated by the middleware.{{more}}'),
    read: { R1: 'agreed', R2: 'none' },
  },
  {
    name: 'bold id lines `**R1 — Agreed**`',
    body: md('**R1 — Agreed**', 'The log is removed.{{more}}', '', '**R2 — Disagreed**', 'Validated in the middleware.{{more}}'),
    read: { R1: 'agreed', R2: 'disagreed' },
  },
  // 2. The first words of the answer.
  {
    name: 'title heading, then `**Agreed.** <reason>`, a code block in the other answer (Claude)',
    body: md(
      '### R1. Debug output left in',
      '',
      "**Agreed.** The `console.log(x)` at `src/a.ts:3` is leftover debugging; I'll remove it.{{more}}",
      '',
      '### R2. Accepts any input',
      '',
      '**Disagreed.** The body is validated by the zod schema in `src/schema.ts:12` before `src/b.ts:10` runs:',
      '',
      `${fence}ts`,
      'const body = BodySchema.parse(req.body); // throws: nothing is accepted unchecked',
      fence,
      '',
      'So no unvalidated input reaches the handler.{{more}}',
    ),
    read: { R1: 'agreed', R2: 'disagreed' },
  },
  {
    name: 'bare heading, then `**Agreed**: <reason>`',
    body: md('### R1', '**Agreed**: it is left in.{{more}}', '', '### R2', '**Disagreed**: `test/b.test.ts:4` covers it.{{more}}'),
    read: { R1: 'agreed', R2: 'disagreed' },
  },
  {
    name: '`✅ **Agreed**` and `❌ **Disagreed**` on a line of their own',
    body: md('### R1', '✅ **Agreed**', '', 'Removing the log line.{{more}}', '', '### R2', '❌ **Disagreed**', '', 'The schema check covers it.{{more}}'),
    read: { R1: 'agreed', R2: 'disagreed' },
  },
  {
    name: 'italic `*Agreed* — <reason>` and `*Disagreed*`',
    body: md('### R1', '*Agreed* — the log goes.{{more}}', '', '### R2', '*Disagreed*', '', '`validateBody` runs first.{{more}}'),
    read: { R1: 'agreed', R2: 'disagreed' },
  },
  {
    name: 'upper and lower case first words `AGREED.` and `partially agreed:`',
    body: md('### R1', 'AGREED. Removing it.{{more}}', '', '### R2', 'partially agreed: only the admin route skips the check.{{more}}'),
    read: { R1: 'agreed', R2: 'none' },
  },
  {
    name: 'short forms `Agree.` and `Disagree — <reason>`',
    body: md('### R1', 'Agree.{{more}}', '', '### R2', 'Disagree — the middleware validates it.{{more}}'),
    read: { R1: 'none', R2: 'none' },
  },
  {
    name: '`Agreed!` and `Disagreed:` alone on the first line',
    body: md('### R1', 'Agreed!', '', 'Good catch.{{more}}', '', '### R2', 'Disagreed:', '', 'The schema runs first.{{more}}'),
    read: { R1: 'agreed', R2: 'disagreed' },
  },
  {
    name: '`Agreed in part.` and `Partial agreement:`',
    body: md(
      '### R1',
      'Agreed in part. The log goes, the flag stays.{{more}}',
      '',
      '### R2',
      'Partial agreement: the admin route needs the schema, the public one has it.{{more}}',
    ),
    read: { R1: 'none', R2: 'none' },
  },
  {
    name: '`Partly agreed —` and `**Partially agree**`',
    body: md('### R1', 'Partly agreed — it is leftover, but harmless.{{more}}', '', '### R2', '**Partially agree** — one route of two.{{more}}'),
    read: { R1: 'none', R2: 'none' },
  },
  {
    name: '`⚠️ Partially agreed — <reason>` (emoji with a variation selector)',
    body: md('### R1', '⚠️ Partially agreed — the log runs only under a flag.{{more}}', '', '### R2', '✅ Agreed — adding the schema.{{more}}'),
    read: { R1: 'partially-agreed', R2: 'agreed' },
  },
  {
    name: '`**Agreed**—<reason>` (em dash without spaces)',
    body: md('### R1', '**Agreed**—the log line goes.{{more}}', '', '### R2', '**Disagreed**—validated upstream.{{more}}'),
    read: { R1: 'agreed', R2: 'disagreed' },
  },
  // 3. A bold or italic span that is exactly a label, anywhere in the answer.
  {
    name: 'bold label mid-answer `…, but **Disagreed**: …`',
    body: md(
      '### R1',
      'The log line is there, but **Disagreed**: it only runs under `DEBUG=1`, which production never sets.{{more}}',
      '',
      '### R2',
      'You are right that the admin route skips the check, so **Agreed**.{{more}}',
    ),
    read: { R1: 'none', R2: 'none' },
  },
  {
    name: 'reasoning first, the bold label in the last paragraph',
    body: md(
      '### R1. Debug output left in',
      'I looked at `src/a.ts:3` again. The call was added for a local repro and never removed.{{more}}',
      '',
      'So: **Agreed**.',
      '',
      '### R2. Accepts any input',
      'The middleware validates every route, including the admin one.{{more}}',
      '',
      'Therefore *Disagreed*.',
    ),
    read: { R1: 'none', R2: 'none' },
  },
  // 4. A key line.
  {
    name: 'key line `**Verdict:** Disagreed — <reason>`',
    body: md(
      '### R1. Debug output left in',
      '**Verdict:** Agreed — leftover debugging.{{more}}',
      '',
      '### R2. Accepts any input',
      '**Verdict:** Disagreed — validated in the middleware.{{more}}',
    ),
    read: { R1: 'agreed', R2: 'disagreed' },
  },
  {
    name: 'GPT bullets `**R1 — <title>**` then `- **Verdict:** Agreed`',
    body: md(
      '**R1 — Debug output left in**',
      '- **Verdict:** Agreed',
      '- **Reasoning:** The log call is leftover; it will be removed.{{more-inline}}',
      '',
      '**R2 — Accepts any input**',
      '- **Verdict:** Partially agreed',
      '- **Reasoning:** Only the admin route skips validation.{{more-inline}}',
    ),
    read: { R1: 'none', R2: 'none' },
  },
  {
    name: 'Gemini bullets `*   **Response:** Agreed.`',
    body: md(
      '**R1: Debug output left in**',
      '*   **Response:** Agreed.',
      '*   **Rationale:** The statement was for local debugging and should not ship.{{more-inline}}',
      '',
      '**R2: Accepts any input**',
      '*   **Response:** Disagreed.',
      '*   **Rationale:** `validateBody` rejects malformed bodies before the handler.{{more-inline}}',
    ),
    read: { R1: 'none', R2: 'none' },
  },
  {
    name: 'key lines `Status: Agreed` and `**Category:** Disagreed`',
    body: md('### R1', 'Status: Agreed', '', 'The log goes.{{more}}', '', '### R2', '**Category:** Disagreed', '', 'The schema covers it.{{more}}'),
    read: { R1: 'agreed', R2: 'disagreed' },
  },
  {
    name: 'key lines in a list `- **Stance:** Disagree.` and `- **Assessment:** Partially agreed.`',
    body: md(
      '### R1',
      '- **Assessment:** Partially agreed.',
      '- The log runs only under `DEBUG=1`.{{more-inline}}',
      '',
      '### R2',
      '- **Stance:** Disagree.',
      '- The middleware validates it.{{more-inline}}',
    ),
    read: { R1: 'none', R2: 'none' },
  },
  {
    name: 'key lines `Answer: Agreed` and `Position: Disagreed`',
    body: md('### R1', 'Answer: Agreed. The log goes.{{more}}', '', '### R2', 'Position: Disagreed. The schema runs first.{{more}}'),
    read: { R1: 'agreed', R2: 'disagreed' },
  },
  {
    name: 'reasoning first, `**Decision:** Agreed` last',
    body: md(
      '### R1. Debug output left in',
      'The log call at `src/a.ts:3` was for a local repro and should not ship.{{more}}',
      '',
      '**Decision:** Agreed',
      '',
      '### R2. Accepts any input',
      'The handler only sees bodies that passed `validateBody`.{{more}}',
      '',
      '**Decision:** Disagreed',
    ),
    read: { R1: 'none', R2: 'none' },
  },
  // 5. A table row.
  {
    name: 'table `| R1 | Agreed | reason |`',
    body: md(
      '| Point | Verdict | Reason |',
      '|---|---|---|',
      '| R1 | Agreed | leftover debugging, removed{{more-inline}} |',
      '| R2 | Disagreed | validated by the schema middleware{{more-inline}} |',
    ),
    read: { R1: 'none', R2: 'none' },
  },
  {
    name: 'table `| **R1** | ✅ **Agreed** | … |` with aligned delimiters',
    body: md(
      '| # | Category | Notes |',
      '|:--|:--|:--|',
      '| **R1** | ✅ **Agreed** | Removed in the next commit.{{more-inline}} |',
      '| **R2** | ❌ **Disagreed** | The schema validates it.{{more-inline}} |',
    ),
    read: { R1: 'none', R2: 'none' },
  },
  {
    name: 'table naming points `#1`, `#2`',
    body: md(
      '| Point | Answer | Why |',
      '| --- | --- | --- |',
      '| #1 | Partially agreed | only under the flag{{more-inline}} |',
      '| #2 | Agreed | adding the schema{{more-inline}} |',
    ),
    read: { R1: 'none', R2: 'none' },
  },
  {
    name: 'table naming points `1`, `2`, label in the last cell',
    body: md('| No. | Comment | Response |', '|---|---|---|', '| 1 | The flag is off in prod{{more-inline}} | Disagreed |', '| 2 | Admin route skips it{{more-inline}} | AGREED |'),
    read: { R1: 'none', R2: 'none' },
  },
  {
    name: 'table naming points `R1. <title>`',
    body: md(
      '| Point | Response | Why |',
      '| --- | --- | --- |',
      '| R1. Debug output left in | Agreed | leftover{{more-inline}} |',
      '| R2. Accepts any input | Partially agreed | one route of two{{more-inline}} |',
    ),
    read: { R1: 'none', R2: 'none' },
  },
  // Code, quotes, comments and long answers around a real label.
  {
    name: 'long answer: sub-bullets, a code block with label words, negations, then a plain answer',
    body: md(
      '### R1. Debug output left in',
      '',
      '**Partially agreed.**',
      '',
      'The log call is leftover, but it is neither harmless nor as bad as the point says:',
      '',
      '- It runs only when `DEBUG=1`, which production never sets.',
      '- The message includes the token, so it must go anyway.',
      '- I do not agree that it needs a test of its own.',
      '',
      `${fence}ts`,
      '// src/a.ts:3',
      'if (process.env.DEBUG) console.log(x); // Disagreed in review, see R1',
      fence,
      '',
      'I will remove the call and keep the flag.{{more}}',
      '',
      '### R2. Accepts any input',
      '',
      '**Agreed.**',
      '',
      'The admin route bypasses `validateBody`; the public routes do not.{{more}}',
    ),
    read: { R1: 'partially-agreed', R2: 'agreed' },
  },
  {
    name: 'the point quoted first, the bold label after the block quote',
    body: md(
      '### R2. Accepts any input',
      '',
      '> Nothing validates the request body before `src/b.ts:10` uses it.',
      '',
      '**Disagreed.** `validateBody` runs in the middleware.{{more}}',
      '',
      '### R1. Debug output left in',
      '',
      '> `src/a.ts:3` reads `console.log(x)`.',
      '',
      '**Agreed.** It goes.{{more}}',
    ),
    read: { R1: 'none', R2: 'none' },
  },
  {
    name: 'a block quote with another label, then the real one',
    body: md(
      '### R1',
      '> **Agreed** would be the easy answer here.',
      '',
      '**Disagreed**: the call only runs under the flag.{{more}}',
      '',
      '### R2',
      '**Agreed**: adding the schema.{{more}}',
    ),
    read: { R1: 'none', R2: 'agreed' },
  },
  {
    name: 'an HTML comment with another label, then the real one',
    body: md('### R1', '<!-- verdict: Disagreed -->', '**Agreed**: it goes.{{more}}', '', '### R2', '<!-- Status: Agreed -->', '**Disagreed**: the schema runs first.{{more}}'),
    read: { R1: 'none', R2: 'none' },
  },
  {
    name: 'a fenced block with `Status: Disagreed` inside, after the real label',
    body: md(
      '### R1',
      '**Agreed.** The CI log shows it:',
      '',
      `${fence}text`,
      'Status: Disagreed',
      '**Disagreed**',
      fence,
      '',
      'That output is the bug.{{more}}',
      '',
      '### R2',
      '**Disagreed.** `validateBody` is called first.{{more}}',
    ),
    read: { R1: 'agreed', R2: 'disagreed' },
  },
  {
    name: 'inline code with a label word, and a real label',
    body: md(
      '### R1',
      '**Agreed**: the log prints `Disagreed` for every reply, which is noise.{{more}}',
      '',
      '### R2',
      '**Disagreed**: `status: "Agreed"` is only set after `validateBody`.{{more}}',
    ),
    read: { R1: 'agreed', R2: 'disagreed' },
  },
  // No label: the agent is asked again.
  {
    name: 'no label: `I agree with this point.` is a sentence, not a label',
    body: md('### R1', 'I agree with this point.', '', '### R2', '**Disagreed**: it is validated.'),
    read: { R1: 'none', R2: 'disagreed' },
  },
  {
    name: 'no label: `Agreed, will fix.` (a comma is not `.`, `:` or a dash)',
    body: md('### R1', 'Agreed, will fix.', '', '### R2', '**Disagreed**: it is validated.'),
    read: { R1: 'none', R2: 'disagreed' },
  },
  {
    name: 'no label: `Not agreed: <reason>`',
    body: md('### R1', 'Not agreed: the log is behind a flag.', '', '### R2', '**Agreed**: adding the schema.'),
    read: { R1: 'none', R2: 'agreed' },
  },
  {
    name: 'no label: `**Agreed with caveats**` is bold, but not exactly a label',
    body: md('### R1', '**Agreed with caveats**: the flag stays.', '', '### R2', '**Disagreed**: it is validated.'),
    read: { R1: 'none', R2: 'disagreed' },
  },
  {
    name: 'no label: `**I agree**`',
    body: md('### R1', '**I agree**, the log should go.', '', '### R2', '**Disagreed**: it is validated.'),
    read: { R1: 'none', R2: 'disagreed' },
  },
  {
    name: 'no label: the label word only in a fenced code block',
    body: md('### R1', `${fence}text`, 'Agreed', fence, 'That is what the bot printed; I have not checked the flag yet.', '', '### R2', '**Agreed**: adding the schema.'),
    read: { R1: 'none', R2: 'agreed' },
  },
  {
    name: 'no label: the label only in a block quote',
    body: md(
      '### R1',
      '> **Agreed**: it is left in.',
      '',
      'That is what the first draft said; I need to check the flag before answering.',
      '',
      '### R2',
      '**Disagreed**: it is validated.',
    ),
    read: { R1: 'none', R2: 'disagreed' },
  },
  {
    name: 'no label: the label only in an HTML comment',
    body: md('### R1', '<!-- **Agreed** -->', 'Looking into the flag first.', '', '### R2', '**Disagreed**: it is validated.'),
    read: { R1: 'none', R2: 'disagreed' },
  },
  {
    name: 'no label: the label word only in inline code at the start',
    body: md('### R1', '`Agreed` is the value `status()` returns; the log prints it.', '', '### R2', '**Disagreed**: it is validated.'),
    read: { R1: 'none', R2: 'disagreed' },
  },
  {
    name: 'no label: a key line only in an indented code block',
    body: md('### R1', 'The fixture prints:', '', '    Status: Agreed', '', 'so the test passes either way.', '', '### R2', '**Disagreed**: it is validated.'),
    read: { R1: 'none', R2: 'disagreed' },
  },
  {
    name: 'no label: a table cell that is more than a label',
    body: md('| Point | Verdict |', '|---|---|', '| R1 | Agreed, will fix |', '| R2 | Disagreed |'),
    read: { R1: 'none', R2: 'none' },
  },
  {
    name: 'no label: a key line without a label `**Verdict:** it depends`',
    body: md('### R1', '**Verdict:** it depends on the flag.', '', '### R2', '**Agreed**: adding the schema.'),
    read: { R1: 'none', R2: 'agreed' },
  },
  {
    name: 'no label: `Agreeing with the first half` is not a label word',
    body: md('### R1', 'Agreeing with the first half, the log goes, the flag stays.', '', '### R2', '**Agreed**: adding the schema.'),
    read: { R1: 'none', R2: 'agreed' },
  },
  {
    name: 'no label: sub-bullets that lead with label words are not the answer\u2019s first line',
    body: md('### R1', 'Two parts to this:', '- Agreed: the call is leftover.', '- Disagreed: it is not reachable in production.', '', '### R2', '**Agreed**: adding the schema.'),
    read: { R1: 'none', R2: 'agreed' },
  },
  // Two different labels on one point.
  {
    name: 'conflict: `### R1 — Agreed` over `**Disagreed**: …`',
    body: md('### R1 — Agreed', '**Disagreed**: it only runs under `DEBUG=1`.', '', '### R2 — Disagreed', 'Validated upstream.'),
    read: { R1: 'none', R2: 'disagreed' },
  },
  {
    name: 'conflict: `**Agreed** — …` then `I **disagree** with the severity`',
    body: md('### R1', '**Agreed** — the call is leftover. I **disagree** with the severity, though: it is a nit.', '', '### R2', '**Disagreed**: it is validated.'),
    read: { R1: 'none', R2: 'disagreed' },
  },
  {
    name: 'a partial label takes in its parts: `### R1. <title> (Partially agreed)` over `**Agreed.**`',
    body: md('### R1. Debug output left in (Partially agreed)', '**Agreed.** It goes.', '', '### R2. Accepts any input (Agreed)', 'Adding the schema.'),
    read: { R1: 'none', R2: 'agreed' },
  },
  {
    name: 'conflict: `Disagreed.` first, `*Agreed*` later',
    body: md('### R1', 'Disagreed. The flag is off in production; *Agreed* that the name is confusing.', '', '### R2', 'Agreed.'),
    read: { R1: 'none', R2: 'agreed' },
  },
  {
    name: 'a partial label takes in its parts: `Agreed in part.` first, `**Agreed**` later',
    body: md('### R1', 'Agreed in part. The log goes; on the flag, **Agreed** as well.', '', '### R2', '**Disagreed**'),
    read: { R1: 'none', R2: 'disagreed' },
  },
  {
    name: 'conflict: `**Verdict:** Agreed` and `**Status:** Disagreed`',
    body: md('### R1', '**Verdict:** Agreed', '**Status:** Disagreed', '', '### R2', '**Verdict:** Agreed'),
    read: { R1: 'none', R2: 'agreed' },
  },
  {
    name: 'conflict: a table row with two label cells',
    body: md('| Point | First read | Now |', '|---|---|---|', '| R1 | Disagreed | Agreed |', '| R2 | Agreed | Agreed |'),
    read: { R1: 'none', R2: 'none' },
  },
];

/** Follow-up bodies after `corpusReview` and `corpusResponse`, with each point's position. */
export const followUpCorpus: ReadonlyArray<CorpusEntry<HeldPosition>> = [
  {
    name: 'heading `### R1 — Withdrawn`',
    body: md('### R1 — Withdrawn', 'The flag is never set in production.{{more}}', '', '### R2 — Maintained', '`PUT /items/:id` goes straight to the handler.{{more}}'),
    read: { R1: 'withdrawn', R2: 'maintained' },
  },
  {
    name: 'heading `### R1. Maintained`',
    body: md('### R1. Maintained', 'Staging sets the flag.{{more}}', '', '### R2. Accepted', 'I missed the middleware.{{more}}'),
    read: { R1: 'maintained', R2: 'accepted' },
  },
  {
    name: 'heading `### R2. Accepts any input — Maintained`: the title is not a position',
    body: md(
      '### R1. Debug output left in — Accepted',
      'Fine behind the flag.{{more}}',
      '',
      '### R2. Accepts any input — Maintained',
      'The admin route is still unchecked.{{more}}',
    ),
    read: { R1: 'accepted', R2: 'maintained' },
  },
  {
    name: 'headings `### Re: R1 — Withdrawn` and `### Response to R2: Maintained`',
    body: md('### Re: R1 — Withdrawn', 'Right, the flag is off.{{more}}', '', '### Response to R2: Maintained', 'The PUT route skips it.{{more}}'),
    read: { R1: 'none', R2: 'none' },
  },
  {
    name: 'heading `### R1 — Accepted ✅`',
    body: md('### R1 — Accepted ✅', 'Behind the flag is fine.{{more}}', '', '### R2 — Accepted in part', 'Public routes are covered; the admin one is a separate issue.{{more}}'),
    read: { R1: 'accepted', R2: 'none' },
  },
  {
    name: 'headings `### R1. Accepted` and `### R2. Maintaining`',
    body: md('### R1. Accepted', 'OK.{{more}}', '', '### R2. Maintaining', 'See the PUT route.{{more}}'),
    read: { R1: 'accepted', R2: 'none' },
  },
  {
    name: '`**Maintained**: <reason>` and `**Withdrawn**: <reason>`',
    body: md('### R1', '**Maintained**: that flag is set in staging.{{more}}', '', '### R2', '**Withdrawn**: I missed the middleware.{{more}}'),
    read: { R1: 'maintained', R2: 'withdrawn' },
  },
  {
    name: '`**Accepted.**` and `**Accepted in part.**`',
    body: md('### R1', '**Accepted.** The flag is off in production.{{more}}', '', '### R2', '**Accepted in part.** Public routes yes, admin no.{{more}}'),
    read: { R1: 'accepted', R2: 'none' },
  },
  {
    name: '`Accepted in part: <reason>` and `Partly accepted — <reason>`',
    body: md(
      '### R1',
      'Accepted in part: the severity drops to low, but the call should still go.{{more}}',
      '',
      '### R2',
      'Partly accepted — the schema covers the public routes.{{more}}',
    ),
    read: { R1: 'none', R2: 'none' },
  },
  {
    name: '`**Partially accepted**` and `**Conceded in part:**`',
    body: md('### R1', '**Partially accepted**', '', 'The flag helps, the token in the message does not.{{more}}', '', '### R2', '**Conceded in part:** one route of two.{{more}}'),
    read: { R1: 'conceded-part', R2: 'none' },
  },
  {
    name: '`Conceded.` and `Resolved.`',
    body: md('### R1', 'Conceded. The flag is never set.{{more}}', '', '### R2', 'Resolved. The new commit adds the schema.{{more}}'),
    read: { R1: 'none', R2: 'none' },
  },
  {
    name: '`Accept.` and `**Concede**`',
    body: md('### R1', 'Accept.{{more}}', '', '### R2', '**Concede** — I missed `validateBody`.{{more}}'),
    read: { R1: 'none', R2: 'none' },
  },
  {
    name: '`✅ **Accepted**` and `🔴 **Maintained**`',
    body: md('### R1', '✅ **Accepted**', '', 'Behind the flag it is fine.{{more}}', '', '### R2', '🔴 **Maintained**', '', 'The admin route is open.{{more}}'),
    read: { R1: 'accepted', R2: 'maintained' },
  },
  {
    name: 'italic `*Maintaining* — …` and `*Withdrawing* — …`',
    body: md('### R1', '*Maintaining* — staging sets the flag.{{more}}', '', '### R2', '*Withdrawing* — the middleware covers it.{{more}}'),
    read: { R1: 'none', R2: 'none' },
  },
  {
    name: 'upper and lower case `MAINTAINED.` and `withdrawn:`',
    body: md('### R1', 'MAINTAINED. Staging sets the flag.{{more}}', '', '### R2', 'withdrawn: the schema covers it.{{more}}'),
    read: { R1: 'maintained', R2: 'withdrawn' },
  },
  {
    name: 'key lines `**Position:** Withdrawn — …` and `Status: Maintained`',
    body: md('### R1', '**Position:** Withdrawn — the flag is off.{{more}}', '', '### R2', 'Status: Maintained', '', 'The PUT route is unchecked.{{more}}'),
    read: { R1: 'withdrawn', R2: 'maintained' },
  },
  {
    name: 'key lines `Decision: Withdraw.` and `- **Stance:** Maintain`',
    body: md('### R1', 'Decision: Withdraw. It is fine.{{more}}', '', '### R2', '- **Stance:** Maintain', '- The admin route is open.{{more-inline}}'),
    read: { R1: 'none', R2: 'none' },
  },
  {
    name: 'GPT bullets `**R1 — <title>**` then `- **Position:** Withdrawn`',
    body: md(
      '**R1 — Debug output left in**',
      '- **Position:** Withdrawn',
      '- **Reason:** The flag is never set in production.{{more-inline}}',
      '',
      '**R2 — Accepts any input**',
      '- **Position:** Maintained',
      '- **Reason:** `PUT /items/:id` skips `validateBody`.{{more-inline}}',
    ),
    read: { R1: 'none', R2: 'none' },
  },
  {
    name: 'list lead `- **R1** (Withdrawn)`',
    body: md('- **R1** (Withdrawn)', '  The flag is off.{{more-inline}}', '- **R2** (Maintained)', '  The admin route is open.{{more-inline}}'),
    read: { R1: 'withdrawn', R2: 'maintained' },
  },
  {
    name: 'numbered `1. Maintained — <reason>`',
    body: md('1. Maintained — staging sets the flag.{{more-inline}}', '2. Accepted — the schema covers it.{{more-inline}}'),
    read: { R1: 'maintained', R2: 'accepted' },
  },
  {
    name: 'table `| R1 | Maintained | reason |`',
    body: md(
      '| Point | Position | Reason |',
      '|---|---|---|',
      '| R1 | Maintained | staging sets the flag{{more-inline}} |',
      '| R2 | Withdrawn | the middleware covers it{{more-inline}} |',
    ),
    read: { R1: 'none', R2: 'none' },
  },
  {
    name: 'bold label mid-answer `…, so **Withdrawn**.`',
    body: md(
      '### R1',
      "You're right that the flag is off in production, so **Withdrawn**.{{more}}",
      '',
      '### R2',
      'The middleware only covers the public routes; **Maintained**.{{more}}',
    ),
    read: { R1: 'none', R2: 'none' },
  },
  {
    name: 'heading `### R1 — Withdrawn` repeated by `**Withdrawn.**`, `### R2 — Conceded` by `**Accepted**`: one label each',
    body: md('### R1 — Withdrawn', '**Withdrawn.** The flag is off.{{more}}', '', '### R2 — Conceded', '**Accepted**: I missed the middleware.{{more}}'),
    read: { R1: 'withdrawn', R2: 'accepted' },
  },
  {
    name: 'long answer: a quote of the Responder with a label, code with label words, prose verbs',
    body: md(
      '### R1. Debug output left in',
      '',
      '**Withdrawn.** The flag is never set in production.{{more}}',
      '',
      '### R2. Accepts any input',
      '',
      '**Maintained.**',
      '',
      '> The body is parsed by `BodySchema` before `src/b.ts:10` runs. **Disagreed**.',
      '',
      'That holds for `POST /items`, but `PUT /items/:id` goes straight to the handler:',
      '',
      `${fence}ts`,
      "router.put('/items/:id', handler); // accepted without validation, withdrawn in v2?",
      fence,
      '',
      'I would withdraw it if the PUT route were covered; it is not.{{more}}',
    ),
    read: { R1: 'withdrawn', R2: 'maintained' },
  },
  {
    name: '`**Accepted** — severity lowered to nit.` (a severity change is not a position)',
    body: md('### R1', '**Accepted** — severity lowered to nit.{{more}}', '', '### R2', '**Maintained**: see the PUT route.{{more}}'),
    read: { R1: 'accepted', R2: 'maintained' },
  },
  // No label.
  {
    name: 'no label: `I will not withdraw it: <reason>`',
    body: md('### R1', 'I will not withdraw it: the flag is set in staging.', '', '### R2', '**Maintained**'),
    read: { R1: 'none', R2: 'maintained' },
  },
  {
    name: 'no label: the position only in a block quote',
    body: md('### R1', '> **Withdrawn** would be the easy way out.', '', 'The flag is still set in staging.', '', '### R2', '**Maintained**'),
    read: { R1: 'none', R2: 'maintained' },
  },
  {
    name: 'no label: the position only in an HTML comment',
    body: md('### R1', '<!-- Status: Withdrawn -->', 'Still checking the staging config.', '', '### R2', '**Maintained**'),
    read: { R1: 'none', R2: 'maintained' },
  },
  {
    name: 'no label: the position only in a fenced block',
    body: md('### R1', `${fence}yaml`, 'status: accepted', fence, 'This is what the bot wrote; I have not decided.', '', '### R2', '**Withdrawn**'),
    read: { R1: 'none', R2: 'withdrawn' },
  },
  {
    name: 'no label: `**Accepted with a caveat**` is bold, but not exactly a label',
    body: md('### R1', '**Accepted with a caveat**: the token must go.', '', '### R2', '**Maintained**'),
    read: { R1: 'none', R2: 'maintained' },
  },
  {
    name: 'no label: `Accepting the fix, …` is not a label word',
    body: md('### R1', 'Accepting the fix, the log goes and the flag stays.', '', '### R2', '**Maintained**'),
    read: { R1: 'none', R2: 'maintained' },
  },
  // Two different labels.
  {
    name: 'conflict: `### R1 — Withdrawn` over `**Maintained**: …`',
    body: md('### R1 — Withdrawn', '**Maintained**: staging sets the flag.', '', '### R2 — Maintained', 'The PUT route.'),
    read: { R1: 'none', R2: 'maintained' },
  },
  {
    name: 'conflict: `**Accepted.**` then `*Maintained*` later',
    body: md('### R1', '**Accepted.** The flag is off, but *Maintained* for the token in the message.', '', '### R2', '**Withdrawn**'),
    read: { R1: 'none', R2: 'withdrawn' },
  },
  {
    name: 'a partial label takes in its parts: `### R1 — Accepted` over `**Accepted in part**`',
    body: md('### R1 — Accepted', '**Accepted in part**: the token must still go.', '', '### R2 — Maintained', 'The PUT route.'),
    read: { R1: 'none', R2: 'maintained' },
  },
  {
    name: 'conflict: `Status: Withdrawn` and `Decision: Maintain`',
    body: md('### R1', 'Status: Withdrawn', 'Decision: Maintain', '', '### R2', 'Status: Maintained'),
    read: { R1: 'none', R2: 'maintained' },
  },
];

/** Follow-ups in prose, with no point marked: every open point stays open, whatever words they use. */
export const proseFollowUps: readonly string[] = [
  'I withdraw nothing: both points stand until the PUT route is covered.',
  'Thanks, **Accepted** on the whole. Resolved from my side.',
  'Maintained. Both points stand.',
];

/** Review bodies, with each point's severity. */
export const reviewCorpus: ReadonlyArray<CorpusEntry<Severity>> = [
  {
    name: 'heading `### R1. <title> — Critical`',
    body: md(
      '### R1. Null dereference in parse — Critical',
      '`src/a.ts:5` reads `user.name` before the null check.{{more}}',
      '',
      '### R2. Unclear variable name — Minor',
      '`tmp2` in `src/b.ts:9` says nothing.{{more}}',
    ),
    read: { R1: 'critical', R2: 'none' },
  },
  {
    name: 'heading `### R1. 🔴 Critical: <title>`',
    body: md('### R1. 🔴 Critical: cache never evicts', 'See `src/cache.ts:40`.{{more}}', '', '### R2. 🟡 Moderate: retries are not jittered', 'See `src/retry.ts:12`.{{more}}'),
    read: { R1: 'none', R2: 'none' },
  },
  {
    name: 'heading `### R1. [high] <title>`',
    body: md('### R1. [high] Null deref', '`src/a.ts:5`{{more}}', '', '### R2. [nit] Naming', '`src/b.ts:9`{{more}}'),
    read: { R1: 'high', R2: 'nit' },
  },
  {
    name: 'heading `### R1. <title> (P1)`',
    body: md('### R1. Unbounded retry (P1)', 'The loop in `src/retry.ts:12` never gives up.{{more}}', '', '### R2. Typo in a log message (P3)', '`recieved`{{more}}'),
    read: { R1: 'none', R2: 'none' },
  },
  {
    name: 'heading `### R1. High: <title>`',
    body: md('### R1. High: unbounded queue', 'Nothing caps `queue.push`.{{more}}', '', '### R2. Low: stale comment', 'The comment describes the old API.{{more}}'),
    read: { R1: 'none', R2: 'none' },
  },
  {
    name: 'heading `### R1. <title> (high severity)` and `(low priority)`',
    body: md('### R1. Slow path (high severity)', 'Quadratic in the number of points.{{more}}', '', '### R2. Naming (low priority)', '`tmp2`{{more}}'),
    read: { R1: 'none', R2: 'none' },
  },
  {
    name: 'heading `[blocker]` and `(informational)`',
    body: md('### R1. Unchecked result [blocker]', 'The write error is dropped.{{more}}', '', '### R2. Logging (informational)', 'The log level could be lower.{{more}}'),
    read: { R1: 'none', R2: 'none' },
  },
  {
    name: 'heading `### R2. <title> — Trivial` and `Severity: Moderate`',
    body: md('### R1. Retries are not jittered', 'Severity: Moderate', '', 'See `src/retry.ts:12`.{{more}}', '', '### R2. Double blank line — Trivial', 'In `src/c.ts:4`.{{more}}'),
    read: { R1: 'none', R2: 'none' },
  },
  {
    name: 'key line `Severity: Major` and `Severity: minor`',
    body: md(
      '### R1. Cache never evicts',
      'Severity: Major',
      '',
      'Memory grows without bound.{{more}}',
      '',
      '### R2. Unclear name',
      'Severity: minor',
      '',
      '`tmp2` says nothing.{{more}}',
    ),
    read: { R1: 'none', R2: 'none' },
  },
  {
    name: 'key line `Priority: P0` and `Priority: P2`',
    body: md(
      '### R1. Data loss on crash',
      'Priority: P0',
      '',
      'The file is truncated before the write.{{more}}',
      '',
      '### R2. Slow start-up',
      'Priority: P2',
      '',
      'Config is read twice.{{more}}',
    ),
    read: { R1: 'none', R2: 'none' },
  },
  {
    name: 'key line `**Severity:** nit` and `**Severity:** blocker`',
    body: md('### R1. Naming', '**Severity:** nit', '', '`tmp2`.{{more}}', '', '### R2. Data loss', '**Severity:** blocker', '', 'The file is truncated first.{{more}}'),
    read: { R1: 'nit', R2: 'none' },
  },
  {
    name: 'key line `Severity: 🔴 Critical` and `Severity: 🟢 Low`',
    body: md(
      '### R1. Token in logs',
      'Severity: 🔴 Critical',
      '',
      '`src/a.ts:3` prints the token.{{more}}',
      '',
      '### R2. Stale comment',
      'Severity: 🟢 Low',
      '',
      'The comment describes the old API.{{more}}',
    ),
    read: { R1: 'critical', R2: 'low' },
  },
  {
    name: 'key lines in a list `- **Priority**: P1` and `- **Severity**: info`',
    body: md(
      '### R1. Unbounded retry',
      '- **Priority**: P1',
      '- **Where**: `src/retry.ts:12`{{more-inline}}',
      '',
      '### R2. Log level',
      '- **Severity**: info',
      '- **Where**: `src/log.ts:3`{{more-inline}}',
    ),
    read: { R1: 'none', R2: 'none' },
  },
  {
    name: 'GPT bullets `**R1. <title>**` then `- **Severity:** High`',
    body: md(
      '**R1. Unbounded queue**',
      '- **Severity:** High',
      '- **Location:** `src/queue.ts:20`',
      '- **Issue:** Nothing caps the queue.{{more-inline}}',
      '',
      '**R2. Log level**',
      '- **Severity:** Informational',
      '- **Issue:** Debug logs in production.{{more-inline}}',
    ),
    read: { R1: 'high', R2: 'none' },
  },
  {
    name: 'whole-bold key line `**Severity: High**`',
    body: md('### R1. Unbounded queue', '**Severity: High**', '', 'Nothing caps it.{{more}}', '', '### R2. Stale comment', '**Severity: Low**', '', 'Old API.{{more}}'),
    read: { R1: 'high', R2: 'low' },
  },
  {
    name: 'key line in upper and lower case `Severity: HIGH`, `severity: nitpick`',
    body: md('### R1. Unbounded queue', 'Severity: HIGH', '', 'Nothing caps it.{{more}}', '', '### R2. Naming', 'severity: nitpick', '', '`tmp2`.{{more}}'),
    read: { R1: 'high', R2: 'none' },
  },
  {
    name: 'key line `**Severity:** Medium (was high in the draft)`',
    body: md(
      '### R1. Retries are not jittered',
      '**Severity:** Medium (was high in the draft)',
      '',
      'See `src/retry.ts:12`.{{more}}',
      '',
      '### R2. Naming',
      '**Severity:** nit',
      '',
      '`tmp2` says nothing.{{more}}',
    ),
    read: { R1: 'none', R2: 'nit' },
  },
  {
    name: 'first words `🔴 **Critical** — …` and `**Trivial.** …`',
    body: md('### R1. Token in logs', '🔴 **Critical** — `src/a.ts:3` prints the token.{{more}}', '', '### R2. Double blank line', '**Trivial.** In `src/c.ts:4`.{{more}}'),
    read: { R1: 'none', R2: 'none' },
  },
  {
    name: 'first words `High — …` and `Nit: …`',
    body: md('### R1. Quadratic loop', 'High — the loop in `src/a.ts:10` is quadratic.{{more}}', '', '### R2. Naming', 'Nit: `tmp2` says nothing.{{more}}'),
    read: { R1: 'none', R2: 'none' },
  },
  {
    name: 'list ids `- **R1** [high] <title>` (loose peer)',
    body: md('- **R1** [high] Null deref in src/a.ts:5{{more-inline}}', '- **R2** (nit) naming{{more-inline}}'),
    read: { R1: 'high', R2: 'nit' },
  },
  {
    name: 'numbered `1. <title>, severity: high` and `2. <title> — trivial` (plain protocol)',
    body: md('1. Unchecked result, severity: high', '2. Missing docs — trivial'),
    read: { R1: 'none', R2: 'none' },
  },
  {
    name: 'a severity in a table cell of the point\u2019s text',
    body: md(
      '### R1. Unbounded queue',
      '',
      '| Point | Severity | Where |',
      '|---|---|---|',
      '| R1 | High | `src/queue.ts:20` |',
      '',
      'Nothing caps `queue.push`.{{more}}',
      '',
      '### R2. Stale comment',
      '',
      '| Point | Severity | Where |',
      '|---|---|---|',
      '| R2 | nit | `src/c.ts:4` |',
      '',
      'The comment describes the old API.{{more}}',
    ),
    read: { R1: 'none', R2: 'none' },
  },
  {
    name: 'the same severity twice: `(medium)` and `Severity: medium.`; `[high]` and `Severity: Major`',
    body: md(
      '### R1. Debug output left in (medium)',
      'Severity: medium. `src/a.ts:3` reads `console.log(x)`.{{more}}',
      '',
      '### R2. [high] Missing test',
      'Severity: Major',
      '',
      'Nothing tests `src/b.ts:10`.{{more}}',
    ),
    read: { R1: 'medium', R2: 'high' },
  },
  {
    name: 'long point: a **critical** path, code and a quote with severities, then the key line',
    body: md(
      '### R1. Cache never evicts',
      '',
      'The cache sits on a **critical** path: every request goes through it.',
      '',
      '> Severity: low (the linter says)',
      '',
      `${fence}ts`,
      'cache.set(key, value); // severity: critical if this grows',
      fence,
      '',
      '**Severity:** high',
      '',
      'Every request pays for it.{{more}}',
      '',
      '### R2. Naming',
      '**Severity:** nit',
      '',
      '`tmp2` says nothing.{{more}}',
    ),
    read: { R1: 'none', R2: 'nit' },
  },
  // No severity.
  {
    name: 'no severity: only a bold **critical** in prose',
    body: md('### R1. Cache never evicts', 'The retry loop sits on a **critical** path.', '', '### R2. Naming', '**Severity:** low'),
    read: { R1: 'none', R2: 'low' },
  },
  {
    name: 'no severity: `Severity: high` only in a fenced block',
    body: md('### R1. Lint output', `${fence}text`, 'Severity: high', fence, '', '### R2. Naming', '**Severity:** low'),
    read: { R1: 'none', R2: 'low' },
  },
  {
    name: 'no severity: `Severity: high` only in a block quote',
    body: md('### R1. Lint output', '> Severity: high', '', 'The linter says so; I have not rated it.', '', '### R2. Naming', '**Severity:** low'),
    read: { R1: 'none', R2: 'low' },
  },
  {
    name: 'no severity: `Severity: high` only in an HTML comment',
    body: md('### R1. Unbounded queue', '<!-- Severity: high -->', 'Nothing caps it.', '', '### R2. Naming', '**Severity:** low'),
    read: { R1: 'none', R2: 'low' },
  },
  {
    name: 'no severity: `Severity: TBD`',
    body: md('### R1. Unbounded queue', 'Severity: TBD', '', '### R2. Naming', '**Severity:** low'),
    read: { R1: 'none', R2: 'low' },
  },
  {
    name: 'no severity: titles `High memory use in the parser`, `Minor version not bumped`',
    body: md('### R1. High memory use in the parser', 'See `src/parse.ts:9`.', '', '### R2. Minor version not bumped', 'See `package.json:3`.'),
    read: { R1: 'none', R2: 'none' },
  },
  // Two different severities.
  {
    name: 'conflict: `### R1. <title> [high] — Critical` reads both tags',
    body: md('### R1. Cache never evicts [high] — Critical', 'Memory grows.', '', '### R2. Naming', '**Severity:** low'),
    read: { R1: 'none', R2: 'low' },
  },
  {
    name: 'conflict: `(low)` in the title and `**Severity:** critical`',
    body: md('### R1. Stale comment (low)', '**Severity:** critical', '', '### R2. Naming', '**Severity:** low'),
    read: { R1: 'none', R2: 'low' },
  },
  {
    name: 'conflict: `Severity: Major` and `Priority: P0`',
    body: md('### R1. Data loss', 'Severity: Major', 'Priority: P0', '', '### R2. Naming', '**Severity:** low'),
    read: { R1: 'none', R2: 'low' },
  },
];

/**
 * Sentences that use the label words as verbs, participles, nouns' modifiers or in negations: the
 * whole answer for a point, each reads as no label; the whole text of a point, as no severity.
 */
export const proseSentences: readonly string[] = [
  'The loader agreed to retry, so nothing changes.',
  'The config writer accepts user edits before it validates them.',
  'I do not agree with the premise.',
  'We maintain two caches, one per tenant.',
  'This was withdrawn from the API in v2.',
  'The retry loop sits on a critical path.',
  'It causes high memory use under load.',
  'Bump the minor version when this ships.',
  'Both teams disagreed about the format in last year\u2019s design review.',
  'As agreed in the design doc, the cache is per request.',
  'The parser accepted the malformed header without an error.',
  'Nobody has conceded that the lock is needed.',
  'The ticket was resolved by the hotfix in March.',
  'Resolved paths are cached for the whole run.',
  'Accept headers are ignored by the proxy.',
  'Critical sections stay short in this module.',
  'Maintaining the old flag costs one branch per request.',
  'Withdrawing the deprecated option needs a major release.',
  'The users never agreed on a naming scheme.',
  'I cannot accept a fix that skips the tests.',
  'The upstream maintainers partially agreed to take the patch.',
  'Upstream accepted part of the patch in v3.',
  'The migration was accepted in part by the platform team.',
  'The severity of that outage was high, but it is fixed now.',
  'The ticket\u2019s priority is high for the on-call team.',
  'Low bits of the hash are masked off first.',
  'The medium tier has its own quota.',
  'Moderate traffic never reaches that branch.',
  'The ad blocker strips the header anyway.',
  'It is not trivial to reproduce on Linux.',
  'The info log is noisy but harmless.',
  'I do not want to nitpick the naming here.',
  'The P1 queue is drained before the P2 queue.',
  'An informational banner links to the docs.',
  'Most reviewers would agree that the helper is small.',
  'We disagree on style more than on substance.',
  'The old client maintained its own retry counter.',
  'No one withdrew the earlier proposal.',
  'Partial agreement between the replicas is detected by the quorum check.',
  'Disagreeing replicas are repaired on read.',
  'The high and low watermarks are configurable.',
  'Major and minor page faults both count.',
  'Nothing here is a blocker for the release train.',
  'The function returns early when the caller does not accept gzip.',
  'The old handler conceded the race and retried.',
];
