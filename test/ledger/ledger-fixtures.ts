import { seedDebate, seedFollowUp, seedResponse, seedReview } from '../protocol/seed-peer-text.js';

/** Our Review followed by sections given as `[heading, body]`, separated the way we write them. */
export function ourDebate(...sections: Array<[string, string]>): string {
  return (
    ourReview +
    sections
      .map(([heading, body]) => `\n---\n\n## ${heading}\n\n${body}\n\n*— ${heading.startsWith('Response') ? 'Responder' : 'Reviewer'} · builtin · 2026-11-22T10:00:00Z*\n`)
      .join('')
  );
}

export const ourReview =
  '# Code Debate: the diff against main\n<!-- code-debate {"v":1,"base":"a","head":"b","diff":"c"} -->\n\n## Review\n\n' +
  '### R1. Debug output left in (medium)\nSeverity: medium. `src/a.ts:3` reads `console.log(x)`.\n\n' +
  '### R2. Missing test (high)\nSeverity: high. Nothing tests `src/b.ts:10`.\n\n' +
  '### R3. TODO added (low)\nSeverity: low. See src/c.ts:1.\n\n*— Reviewer · builtin · 2026-11-22T10:00:00Z*\n';

/** Fixture documents by name: code-debate's own, the seed peer's, and loose hand-written styles. */
export const fixtures = {
  ours: ourDebate(
    [
      'Response 1',
      '### R1\n**Agreed**: it is left in: `src/a.ts:3` still logs.\n\n### R2\n**Disagreed**: `test/b.test.ts:4` covers it.\n\n### R3\n**Partially agreed**: a TODO, but severity should be nit.',
    ],
    [
      'Reviewer Follow-up 1',
      '### R2\n**Maintained**: that test never reaches the branch.\n\n### R3 — Accepted\n\n**Severity:** nit\n\nA TODO is a nit.\n\n### R4. Leaked handle (high)\nSee `src/io.ts:88`.',
    ],
    ['Response 2', '### R2\n**Agreed**: you are right, the branch is unreached.\n\n### R4\n**Disagreed**: it is closed in `src/io.ts:95`.'],
  ),
  seedPartial: seedReview() + seedResponse(1, 'partial') + seedFollowUp(1) + seedResponse(2, 'partial'),
  seedDisagree: seedDebate('disagree').text,
  seedAgree: seedDebate('agree').text,
  looseListIds:
    '# Code Debate: x\n\n## Review\n\n- **R1** [high] Null deref in src/a.ts:5\n- **R2** (nit) naming\n\n## Response 1\n\n- R1 — agree; will fix\n- R2 — Disagree: the name is the domain term\n',
  looseMissingIds:
    '# Code Debate: x\n\n## Review\n\n1. Unchecked result [high]\n2. Missing docs\n3. Magic number\n\n## Response 1\n\n1. **Partially agreed** — on the hot path\n2. Will look at it.\n',
  looseHeadings:
    '# Code Debate: x\n\n## Opening\n\n### 1. Race in cache (critical)\nsrc/cache.ts:40\n\n### 2. Log noise\n\n## Response 1\n\n### 1\nDISAGREED. The lock is held.\n\n### 2\nAgreed.\n\n## Follow-up 1\n\n### 1\nWithdrawn: the lock is held at src/cache.ts:38.\n\n## CONSENSUS\n\nOutcome: consensus\n',
};
