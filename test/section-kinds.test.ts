import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { sectionKinds } from '../src/protocol/document.js';

/**
 * A new kind of section is an entry in src/protocol/turn-table.ts and its renderer: this scan
 * finds code that names a section kind by its string (`kind === 'response'`, `turn !== 'consensus'`,
 * `case 'follow-up':`, a union of kinds) outside the table, and fails on any file not listed below.
 * A listed file says why it still names one, and how many times: a count that grows fails, and one
 * that shrinks must be lowered here, so the list only gets shorter. A renderer (how a kind is asked
 * for, drafted, read or written) may name its kind; the rest are to be moved into the table.
 */
const allowed: Record<string, { count: number; why: string }> = {
  'agents/builtin/create-builtin-agent.ts': { count: 7, why: 'renderer: the built-in agent writes each kind its own way' },
  'agents/human/human-agent.ts': { count: 1, why: "renderer: a person's Review draft shows the diff" },
  'agents/human/human-draft-context.ts': { count: 1, why: "renderer: a person's draft quotes the Review's points" },
  'agents/human/human-draft.ts': { count: 1, why: "renderer: a person's draft guides each kind its own way" },
  'ledger/build-ledger.ts': { count: 2, why: "the Review's points and the CONSENSUS's end" },
  'protocol/admit-section.ts': { count: 1, why: 'the CONSENSUS is signed by either side' },
  'protocol/check-section-order.ts': { count: 2, why: 'a CONSENSUS may come after any section' },
  'protocol/reading/debate-reader.ts': { count: 1, why: 'the CONSENSUS cites nothing of its own' },
  'protocol/decide-action.ts': { count: 2, why: "the CONSENSUS's own action (its reason), made in one place" },
  'protocol/reading/read-document.ts': { count: 2, why: "the Review holds the debate's points" },
  'protocol/read-citations.ts': { count: 1, why: 'the CONSENSUS cites nothing of its own' },
  'protocol/read-top-items.ts': { count: 2, why: 'a CONSENSUS from the side whose turn it was not is kept as text' },
  'session/agent-section.ts': { count: 1, why: 'the CONSENSUS has no answer scope' },
  'session/consensus-turn.ts': { count: 1, why: "the CONSENSUS's own turn (consensus-turn.ts is its renderer)" },
  'session/same-turn.ts': { count: 4, why: 'a CONSENSUS is re-decided by its reason, the others by their points' },
  'session/take-turn.ts': { count: 3, why: "the CONSENSUS's own path (a timeout's asks no agent)" },
  'session/turn-invariants.ts': { count: 1, why: "a timeout's CONSENSUS is written by the side whose turn it was not" },
};

const source = path.resolve(import.meta.dirname, '../src');
const tableFile = 'protocol/turn-table.ts';

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}

const kinds = sectionKinds.map((kind) => kind.replace('-', '\\-')).join('|');
/** A kind compared with, switched on, given as a section's or turn's kind, or named in a type union. */
const naming = new RegExp(
  String.raw`(?:(?:kind|turn)\s*[!=]==?\s*'(?:${kinds})'|'(?:${kinds})'\s*[!=]==?\s*\w*(?:kind|turn)\b|case\s+'(?:${kinds})'\s*:|\b(?:kind|turn):\s*'(?:${kinds})'|'(?:${kinds})'\s*\|\s*'(?:${kinds})')`,
  'g',
);

function namings(text: string): number {
  return [...text.matchAll(naming)].length;
}

const found = sourceFiles(source)
  .map((file) => ({ file: path.relative(source, file).split(path.sep).join('/'), count: namings(readFileSync(file, 'utf8')) }))
  .filter(({ file, count }) => file !== tableFile && count > 0);

describe('section kinds named outside the turn table', () => {
  it('are found by the scan: a comparison, a case, a kind given and a union, not an unrelated word', () => {
    const planted = [
      "if (section.kind === 'response') return;",
      "if (request.turn !== 'consensus') go();",
      "case 'follow-up':",
      "const first = { kind: 'review', number: 0 };",
      "type Asked = 'review' | 'response';",
      "request.once('response', listener);",
      "const views = ['review', 'gate'];",
    ].join('\n');
    expect(namings(planted)).toBe(5);
  });

  it('are in no file but those listed, and no more often than listed', () => {
    const over = found.filter(({ file, count }) => count > (allowed[file]?.count ?? 0)).map(({ file, count }) => `${file}: ${count}`);
    expect(over).toEqual([]);
  });

  it('lists no more than is left: a file that names fewer kinds lowers its count here', () => {
    const counts = new Map(found.map(({ file, count }) => [file, count]));
    const stale = Object.entries(allowed)
      .filter(([file, { count }]) => (counts.get(file) ?? 0) < count)
      .map(([file]) => file);
    expect(stale).toEqual([]);
  });
});
