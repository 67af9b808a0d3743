import { formatHeading } from '../../../src/protocol/classify-heading.js';
import { mkdir, mkdtemp, realpath, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TurnRequest } from '../../../src/agents/agent.js';
import type { SectionKind, DebateDocument, Section } from '../../../src/protocol/document.js';
import { checkAnswerData, type TurnAnswer } from '../../../src/protocol/answer-schema.js';
import { scopeOf } from '../../../src/protocol/read-agent-answer.js';
import { readPoints } from '../../../src/protocol/read-points.js';
import { renderAnswer } from '../../../src/protocol/render-answer.js';
import type { Subject } from '../../../src/subject/subject.js';

/** A `git diff` of one new file whose lines are numbered from 1. */
export function newFileDiff(file: string, lines: readonly string[]): string {
  return [
    `diff --git a/${file} b/${file}`,
    'new file mode 100644',
    'index 0000000..e69de29',
    '--- /dev/null',
    `+++ b/${file}`,
    `@@ -0,0 +1,${lines.length} @@`,
    ...lines.map((line) => `+${line}`),
    '',
  ].join('\n');
}

/** A `git diff` of one modified file: `before` context lines from `start`, then `added`, then `after`. */
export function changedFileDiff(file: string, start: number, before: readonly string[], added: readonly string[], after: readonly string[] = []): string {
  const context = before.length + after.length;
  return [
    `diff --git a/${file} b/${file}`,
    'index 1111111..2222222 100644',
    `--- a/${file}`,
    `+++ b/${file}`,
    `@@ -${start},${context} +${start},${context + added.length} @@ function context()`,
    ...before.map((line) => ` ${line}`),
    ...added.map((line) => `+${line}`),
    ...after.map((line) => ` ${line}`),
    '',
  ].join('\n');
}

export function makeSubject(diff: string): Subject {
  return {
    text: 'the change',
    kind: 'working-tree',
    base: null,
    head: null,
    description: 'the working tree',
    diff,
    diffSha256: '0'.repeat(64),
    files: [],
    summary: '',
    omitted: [],
    fileHashes: {},
  };
}

export function section(kind: Section['kind'], number: number, body: string): Section {
  const heading = formatHeading(kind, number);
  return { kind, number, heading, line: 1, body, signature: null };
}

/** A document built by hand: the Review's points are read from its body as the lead's parser does. */
export function makeDocument(sections: readonly Section[]): DebateDocument {
  const review = sections.find((candidate) => candidate.kind === 'review');
  return { title: 'Code Debate: the change', meta: null, sections: [...sections], points: review ? readPoints(review.body) : [] };
}

export function makeRequest(turn: SectionKind, options: { diff: string; cwd: string; document?: DebateDocument; round?: number; signal?: AbortSignal }): TurnRequest {
  return {
    role: turn === 'response' ? 'responder' : 'reviewer',
    turn,
    round: options.round ?? 1,
    prompt: '',
    continuation: '',
    document: options.document ?? makeDocument([]),
    subject: makeSubject(options.diff),
    cwd: options.cwd,
    file: path.join(options.cwd, 'reply.md'),
    signal: options.signal ?? new AbortController().signal,
    timeoutMs: 60_000,
  };
}

/** A work tree in a fresh temp directory with `files` written; `cleanup` removes it. */
export async function makeWorkTree(files: Record<string, string>): Promise<{ dir: string; cleanup: () => Promise<void> }> {
  const dir = await realpath(await mkdtemp(path.join(os.tmpdir(), 'code-debate-builtin-')));
  for (const [file, content] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(dir, file)), { recursive: true });
    await writeFile(path.join(dir, file), content);
  }
  return { dir, cleanup: () => rm(dir, { recursive: true, force: true }) };
}

/** Lines a line-oriented peer would take for section headings: there must be none in an agent's text. */
export function topHeadingLines(text: string): string[] {
  return text.split('\n').filter((line) => /^#{1,2} /.test(line) || /^#{1,2}$/.test(line));
}

/**
 * What the agent answered `request` with, as askAgent reads it: the JSON object, which must pass
 * the turn's schema for the scope the document gives; and the answer code-debate makes of it,
 * rendered as the section it would write.
 */
export function readTurn(text: string, request: Pick<TurnRequest, 'turn' | 'role' | 'document'>): { data: Record<string, unknown>; answer: TurnAnswer; body: string } {
  if (request.turn === 'consensus') throw new Error('The CONSENSUS narrative is free text, not data.');
  const data = JSON.parse(text) as Record<string, unknown>;
  const scope = scopeOf(request.turn, request.role, request.document);
  const checked = checkAnswerData(data, scope, scope.nextNumber);
  if (!checked.ok) throw new Error(`The answer does not pass the ${request.turn} schema: ${checked.problems.join(' ')}`);
  return { data, answer: checked.answer, body: renderAnswer(checked.answer) };
}
