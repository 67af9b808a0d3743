import { afterEach, describe, expect, it } from 'vitest';
import { formatFailedCitations } from '../../src/ledger/citation-report.js';
import { createLedgerReader } from '../../src/ledger/ledger-reader.js';
import { renderAppend, renderHeader, renderSection } from '../../src/protocol/render-section.js';
import { checkDebateCitations } from '../../src/session/check-debate-citations.js';
import type { SideContext } from '../../src/session/side-context.js';
import { createSideMemory } from '../../src/session/side-memory.js';
import type { SideEvent } from '../../src/session/side-events.js';
import { makeGitRepo, type GitRepo } from '../helpers/git-repo.js';

const time = new Date('2026-01-01T00:00:00Z');
const review = '### R1. Debug output\n**Severity:** medium\n**Evidence:** `src/app.js:2`\n\n`console.log(name)` ships to production; `src/app.js:9` does not exist.';
const response = '### R1. Debug output\n**Disagreed**: `src/app.js:1` reads `export function greet(name) {` and stays.';

// One reader for the file, as a session keeps: the documents of the growing text share their sections.
const reader = createLedgerReader();

function parsed(text: string) {
  const result = reader.parse(text);
  if (!result.ok) throw result.error;
  return result.document;
}

describe('checkDebateCitations, turn after turn', () => {
  let repo: GitRepo | null = null;
  afterEach(async () => {
    await repo?.cleanup();
    repo = null;
  });

  it('checks each citation at a commit once and gives the same checks back as the debate grows', async () => {
    repo = await makeGitRepo({ 'src/app.js': 'export function greet(name) {\n  console.log(name);\n}\n' });
    const head = await repo.git('rev-parse', 'HEAD');
    const events: SideEvent[] = [];
    const context = { root: repo.dir, role: 'reviewer', reader, memory: createSideMemory(), emit: (event: SideEvent) => events.push(event) } as unknown as SideContext;
    const first = renderHeader('HEAD', { v: 1, base: null, head, diff: null }) + renderSection({ kind: 'review', number: 0, body: review, role: 'reviewer', agent: 'test', time });
    const grown = first + renderAppend(first, { kind: 'response', number: 1, body: response, role: 'responder', agent: 'test', time });

    const before = await checkDebateCitations(context, parsed(first), head);
    expect(before.map((check) => [check.path, check.line, check.ok])).toEqual([
      ['src/app.js', 2, true],
      ['src/app.js', 9, false],
    ]);
    const after = await checkDebateCitations(context, parsed(grown), head);
    expect(after.map((check) => [check.section, check.line, check.ok])).toEqual([
      ['Review', 2, true],
      ['Review', 9, false],
      ['Response 1', 1, true],
    ]);
    // The Review's checks are the very objects of the turn before: nothing about them is made again.
    expect(after[0]).toBe(before[0]);
    expect(after[1]).toBe(before[1]);
    expect(formatFailedCitations(after)).toBe(formatFailedCitations(before));
    expect(reader.failedCitations(before)).toBe(formatFailedCitations(before));
    expect(reader.failedCitations(after)).toBe(formatFailedCitations(after));
    expect(formatFailedCitations(after)).toMatch(/^- `src\/app\.js:9` \(Review\): /);
    // A later section's failed citation is added to the report of the earlier ones.
    const later =
      grown + renderAppend(grown, { kind: 'follow-up', number: 1, body: '### R1. Debug output\n**Maintained**: see `src/app.js:12`.', role: 'reviewer', agent: 'test', time });
    const report = formatFailedCitations(await checkDebateCitations(context, parsed(later), head));
    expect(report.split('\n')).toEqual([formatFailedCitations(after), expect.stringMatching(/^- `src\/app\.js:12` \(Reviewer Follow-up 1\): /)]);

    // Another commit, where the file grew: the same citations are checked again, against it.
    await repo.write('src/app.js', 'export function greet(name) {\n  console.log(name);\n}\n'.repeat(4));
    const next = await repo.commit('Longer');
    const moved = await checkDebateCitations(context, parsed(grown), next);
    expect(moved.map((check) => [check.line, check.ok])).toEqual([
      [2, true],
      [9, true],
      [1, true],
    ]);
    expect(moved[0]).not.toBe(after[0]);
    expect(events).toEqual([]);
  });
});
