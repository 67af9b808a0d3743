import { appendFile, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { trackPoints } from '../../src/protocol/track-points.js';
import { findHistoryChange } from '../../src/protocol/find-history-change.js';
import { parseDocument } from '../../src/protocol/parse-document.js';
import { expectEndedWhole, useDebateRepos } from '../helpers/e2e.js';
import { startCli, type Running, waitWhileRunning } from '../helpers/run-cli.js';
import { waitFor } from '../helpers/wait-for.js';
import { gatedAgent } from './gated-agent.js';
import { debateLikeText } from './markdown-arbitraries.js';

const repos = useDebateRepos();

/** What a formatter set to Windows conventions does: a BOM, CRLF line ends, no trailing whitespace. */
function format(text: string): string {
  const lines = text
    .replace(/^\uFEFF/, '')
    .split(/\r\n|\r|\n/)
    .map((line) => line.replace(/[ \t]+$/, ''));
  return `\uFEFF${lines.join('\r\n')}`;
}

/** What the protocol reads of a document: its sections and points, not their spacing. */
function reading(text: string) {
  const parsed = parseDocument(text);
  if (!parsed.ok) return { error: parsed.error.line };
  const { sections, points, title, meta } = parsed.document;
  return {
    title,
    meta,
    sections: sections.map(({ kind, number, heading, line, signature }) => ({ kind, number, heading, line, signature })),
    points: points.map(({ id, title, severity, evidence }) => ({ id, title, severity, evidence })),
    states: trackPoints(parsed.document).map(({ point, resolved }) => ({ id: point.id, resolved })),
  };
}

const example =
  '# Code Debate: HEAD  \n<!-- code-debate {"v":1,"base":null,"head":null,"diff":null} -->\n\n## Review\n\n### R1. A point   \n**Severity:** low\t\n**Evidence:** `src/app.js:2`\n\n' +
  '*— Reviewer · x · 2026-01-01T00:00:00Z*  \n\n---\n\n## Response 1 \n\n### R1. A point\n**Agreed**: yes.\n';

describe('a formatter rewrites the file (case 9)', () => {
  it('a BOM, CRLF and stripped trailing whitespace read as the same document', () => {
    expect(reading(format(example))).toEqual(reading(example));
    expect(reading(format(example))).toMatchObject({
      sections: [
        { kind: 'review', line: 4 },
        { kind: 'response', line: 14 },
      ],
      points: [{ id: 'R1', severity: 'low' }],
    });
    expect(findHistoryChange(example, format(example))).toBeNull();
  });

  it('for any document: the formatted one reads the same, and is no change to its history', () => {
    fc.assert(
      fc.property(debateLikeText, (text) => {
        // Trailing whitespace can matter inside a line; the formatter rewrites whole files, the generator lines.
        expect(reading(format(text))).toEqual(reading(text));
        expect(findHistoryChange(text, format(text))).toBeNull();
      }),
      { numRuns: Number(process.env.FUZZ_RUNS ?? 300) },
    );
  });

  it("while the Reviewer waits, on a person's note too: not a turn, the debate goes on, and our sections keep the CRLF and the BOM", async () => {
    const repo = await repos.repo();
    const agent = await gatedAgent(repo);
    const reviewer = startCli(['--agent', agent.spec, 'HEAD'], { cwd: repo.dir });
    await waitWhileRunning(reviewer, () => reviewer.output().stderr.includes("waiting for the Responder's turn"), 'the Review');
    // Our sections end no line in whitespace: a person's note gives the formatter some to strip.
    await appendFile(repo.file, 'A note from a person,  \nwith a hard line break and stray spaces. \t\n');
    await waitFor(() => notTurns(reviewer) === 1, 'the note to be seen');
    const noted = await repo.readReply();
    const formatted = format(noted);
    expect(formatted).not.toBe(`\uFEFF${noted.replaceAll('\n', '\r\n')}`);
    await saveByRename(repo.file, formatted);
    await waitFor(() => notTurns(reviewer) === 2, 'the formatting to be seen');
    const responder = startCli(['--agent', agent.spec, 'HEAD'], { cwd: repo.dir });
    const [a, b] = await Promise.all([reviewer.exited, responder.exited]);
    expect([a.code, b.code], a.stderr + b.stderr).toEqual([0, 0]);
    expect(a.stderr + b.stderr).not.toContain('not by appending');
    const text = await repo.readReply();
    expect(text.startsWith(formatted)).toBe(true);
    expect(text.replaceAll('\r\n', '')).not.toContain('\n');
    expectEndedWhole(text);
    expect(await agent.calls()).toEqual(['review', 'response', 'consensus']);
  });

  it("while the Responder's agent writes: the formatting does not cost the turn", async () => {
    const repo = await repos.repo();
    const agent = await gatedAgent(repo);
    await agent.hold('response');
    const reviewer = startCli(['--agent', agent.spec, 'HEAD'], { cwd: repo.dir });
    await waitWhileRunning(reviewer, () => reviewer.output().stderr.includes("waiting for the Responder's turn"), 'the Review');
    const responder: Running = startCli(['--agent', agent.spec, 'HEAD'], { cwd: repo.dir });
    await agent.started('response');
    await saveByRename(repo.file, format(await repo.readReply()));
    await waitWhileRunning(reviewer, () => reviewer.output().stderr.includes('not a turn, still waiting'), 'the formatting to be seen');
    await agent.release('response');
    const [a, b] = await Promise.all([reviewer.exited, responder.exited]);
    expect([a.code, b.code], a.stderr + b.stderr).toEqual([0, 0]);
    expect(b.stderr).toContain('wrote ## Response 1');
    expect(b.stderr).not.toContain('did not write');
    expectEndedWhole(await repo.readReply());
    expect(await agent.calls()).toEqual(['review', 'response', 'consensus']);
  });
});

/** How many times `process` said a change of the file was not a turn. */
function notTurns(process: Running): number {
  return process.output().stderr.match(/not a turn, still waiting/g)?.length ?? 0;
}

async function saveByRename(file: string, text: string): Promise<void> {
  const temporary = path.join(path.dirname(file), `${path.basename(file)}~`);
  await writeFile(temporary, text);
  await rename(temporary, file);
  expect(await readFile(file, 'utf8')).toBe(text);
}
