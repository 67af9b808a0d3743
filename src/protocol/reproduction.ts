/**
 * A point's reproduction: files to add to a copy of the subject (a test) and one command, which
 * code-debate runs at the head and at the base of the change (docs/reproductions.md). This module
 * holds its data, its canonical Markdown, and how a written one is read back, exactly.
 */
import { z } from 'zod';
import { codeLineFlags } from './code-line-flags.js';
import { reproductionVerdicts, verdictWords, type ReproductionVerdict } from './reproduction-modes.js';

export { maxReproductionOutputBytes, reproductionModes, reproductionVerdicts, verdictWords, type ReproductionMode, type ReproductionVerdict } from './reproduction-modes.js';

export interface ReproductionFile {
  /** Relative to the root of the subject, `/`-separated, never leaving it. */
  path: string;
  content: string;
}

export interface Reproduction {
  /** One shell command, run with `sh -c` at the root of the copy. */
  command: string;
  files: ReproductionFile[];
}

/** The most files one reproduction adds, and the most bytes one file holds. */
export const maxReproductionFiles = 5;
export const maxReproductionFileBytes = 64 * 1024;

const relativePath = z
  .string()
  .trim()
  .min(1, 'the path is empty')
  .max(200)
  .regex(/^[^\s`\\:]+$/, 'a path has no spaces, backticks, backslashes or colons')
  .refine((value) => !value.startsWith('/') && !value.split('/').some((part) => part === '..' || part === '.' || part === '' || part === '.git'), {
    message: 'a path is relative to the root of the subject, without `.`, `..`, `.git` or empty parts',
  });

const fileSchema = z.strictObject({
  path: relativePath,
  content: z
    .string()
    .max(maxReproductionFileBytes, `a file holds at most ${maxReproductionFileBytes} characters`)
    .refine((value) => !/[\0-\x08\x0b-\x1f\x7f]/.test(value), { message: 'a file holds text: no control characters but tabs and line ends' }),
});

/** The `reproduction` field of a raised point or an answer: optional, null when the point cannot be shown by running code. */
export const reproductionSchema = z
  .strictObject({
    command: z
      .string()
      .trim()
      .min(1, 'the command is empty')
      .max(500)
      .regex(/^[^\r\n]*$/, 'the command must be one line'),
    files: z
      .array(fileSchema)
      .max(maxReproductionFiles)
      .describe(`The files to add to the subject (usually one test), at most ${maxReproductionFiles}.`)
      .superRefine((files, context) => {
        const seen = new Set<string>();
        files.forEach((file, index) => {
          if (seen.has(file.path)) context.addIssue({ code: 'custom', path: [index, 'path'], message: `${file.path} is given twice` });
          seen.add(file.path);
        });
      }),
  })
  .nullable()
  .default(null)
  .describe(
    'A test that fails because of this, when running code can show it: files to add and one shell command that exits non-zero when the problem is there. ' +
      'code-debate runs it in a copy of the subject at the head and at the base of the change, without network; null when running code cannot show it.',
  );

/** One run of the command in one copy. */
export interface ReproductionRun {
  /** The commit the copy holds. */
  commit: string;
  /** null when it did not exit by itself (stopped, or never started). */
  exitCode: number | null;
  /** Why it was stopped or not run: a time limit, an output limit, a problem with the copy or the sandbox; null when it exited. */
  stopped: string | null;
  /** The end of what it printed (stdout and stderr together). */
  tail: string;
}

export interface ReproductionResult {
  verdict: ReproductionVerdict;
  /** One sentence: what decided the verdict. */
  why: string;
  head: ReproductionRun | null;
  /** null when there is no base to run at (a new file, a root commit) or the head decided it. */
  base: ReproductionRun | null;
}

const runSchema = z.object({ commit: z.string(), exitCode: z.number().int().nullable(), stopped: z.string().nullable(), tail: z.string() });
const resultSchema = z.object({ verdict: z.enum(reproductionVerdicts), why: z.string(), head: runSchema.nullable(), base: runSchema.nullable() });

/**
 * The verdict of a run at the head and one at the base (null: no base to run at): reproduced when
 * it fails at the head and passes at the base (or fails at the head with no base), not reproduced
 * when it passes at the head, could not run when it was stopped or fails at both.
 */
export function classifyReproduction(head: ReproductionRun, base: ReproductionRun | null): ReproductionResult {
  const at = (run: ReproductionRun) => `\`${run.commit.slice(0, 7)}\``;
  if (head.stopped !== null) return { verdict: 'could-not-run', why: `at the head ${at(head)}: ${head.stopped}`, head, base: null };
  if (head.exitCode === 0) return { verdict: 'not-reproduced', why: `it passes at the head ${at(head)}`, head, base: null };
  if (base === null) return { verdict: 'reproduced', why: `it fails at the head ${at(head)} (exit ${head.exitCode}), with no base to run at`, head, base };
  if (base.stopped !== null)
    return { verdict: 'could-not-run', why: `it fails at the head ${at(head)} (exit ${head.exitCode}); at the base ${at(base)}: ${base.stopped}`, head, base };
  if (base.exitCode === 0) return { verdict: 'reproduced', why: `it fails at the head ${at(head)} (exit ${head.exitCode}) and passes at the base ${at(base)}`, head, base };
  return { verdict: 'could-not-run', why: `it fails at both the head ${at(head)} (exit ${head.exitCode}) and the base ${at(base)} (exit ${base.exitCode})`, head, base };
}

/** A result for a reproduction that was not run at all (no sandbox, a setting): could not run. */
export function notRun(why: string): ReproductionResult {
  return { verdict: 'could-not-run', why, head: null, base: null };
}

const reproductionLine = /^\*\*Reproduction:\*\*[ \t]+(`+)[ ](.*)[ ]\1[ \t]*$/;
const fileLine = /^\*\*File:\*\*[ \t]+`([^`\s]+)`[ \t]*$/;
const resultComment = /^<!-- code-debate reproduction (\{.*\}) -->$/;
/** The indent of a file's fence and its lines: under four spaces (still a fence), and no line of it starts with `#`. */
const indent = '   ';

/** A line of a reasoning that would start a reproduction gets a backslash (as escapeMarkers does for markers). */
export function escapeReproductionLines(text: string): string {
  return text.replace(/^(\\*)(\*\*Reproduction:\*\*)/gm, '\\$1$2');
}

export function unescapeReproductionLines(text: string): string {
  return text.replace(/^\\(\\*)(\*\*Reproduction:\*\*)/gm, '$1$2');
}

/**
 * The canonical Markdown of a reproduction, with code-debate's result when it ran: the command in
 * a code span, each file under its path in a fence indented three spaces (so no line of it reads
 * as a heading), then the result, its output's end and the result as data in a comment.
 */
export function renderReproduction(reproduction: Reproduction, result: ReproductionResult | null): string {
  const parts = [`**Reproduction:** ${codeSpan(reproduction.command)}`];
  for (const file of reproduction.files) parts.push(`**File:** \`${file.path}\``, fenced(file.content));
  if (result !== null) parts.push(renderResult(result));
  return parts.join('\n\n');
}

/** code-debate's result: a line a person reads, the output's end, and the data (`<>` escaped, so no text ends the comment). */
export function renderResult(result: ReproductionResult): string {
  const data = JSON.stringify(result).replace(/</g, '\\u003c').replace(/>/g, '\\u003e');
  const tail = [result.head, result.base].flatMap((run, index) =>
    run === null || run.tail === '' ? [] : [`${index === 0 ? 'Head' : 'Base'} \`${run.commit.slice(0, 7)}\`, the end of its output:`, fenced(run.tail)],
  );
  return [`**Result (code-debate):** ${verdictWords[result.verdict]}: ${result.why}.`, ...tail, `<!-- code-debate reproduction ${data} -->`].join('\n\n');
}

function codeSpan(text: string): string {
  const longest = Math.max(0, ...[...text.matchAll(/`+/g)].map((match) => match[0].length));
  const ticks = '`'.repeat(longest + 1);
  return `${ticks} ${text} ${ticks}`;
}

function fenced(content: string): string {
  const longest = Math.max(0, ...[...content.matchAll(/~+/g)].map((match) => match[0].length));
  const fence = '~'.repeat(Math.max(3, longest + 1));
  const lines = content === '' ? [] : content.replace(/\n$/, '').split('\n');
  return [fence, ...lines.map((line) => (line === '' ? '' : indent + line)), fence]
    .map((line, index, all) => (index === 0 || index === all.length - 1 ? indent + line : line))
    .join('\n');
}

export interface ReproductionReading {
  reproduction: Reproduction;
  result: ReproductionResult | null;
}

/**
 * Where the reproduction of a point's block starts: the index of its `**Reproduction:**` line
 * among `lines`, outside code; -1 for none.
 */
export function reproductionStart(lines: readonly string[]): number {
  const inCode = codeLineFlags([...lines]);
  return lines.findIndex((line, index) => !inCode[index] && reproductionLine.test(line));
}

/**
 * The reproduction written from `lines[0]` on (its `**Reproduction:**` line), as renderReproduction
 * wrote it; null when it is not in that form.
 */
export function readReproduction(lines: readonly string[]): ReproductionReading | null {
  const command = reproductionLine.exec(lines[0] ?? '');
  if (command === null) return null;
  const files: ReproductionFile[] = [];
  let at = skipBlank(lines, 1);
  for (let file = fileLine.exec(lines[at] ?? ''); file !== null; file = fileLine.exec(lines[at] ?? '')) {
    const content = readFenced(lines, skipBlank(lines, at + 1));
    if (content === null) return null;
    files.push({ path: file[1] ?? '', content: content.text });
    at = skipBlank(lines, content.next);
  }
  let result: ReproductionResult | null = null;
  for (; at < lines.length; at++) {
    const comment = resultComment.exec(lines[at] ?? '');
    if (comment === null) continue;
    result = parseResult(comment[1] ?? '');
    break;
  }
  return { reproduction: { command: command[2] ?? '', files }, result };
}

function parseResult(json: string): ReproductionResult | null {
  try {
    const parsed = resultSchema.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

function skipBlank(lines: readonly string[], from: number): number {
  let at = from;
  while (at < lines.length && (lines[at] ?? '').trim() === '') at++;
  return at;
}

/** A fence as `fenced` writes it, from `lines[from]`: its content, exactly, and the line after it. */
function readFenced(lines: readonly string[], from: number): { text: string; next: number } | null {
  const open = /^ {3}(~{3,})$/.exec(lines[from] ?? '');
  if (open === null) return null;
  const close = `${indent}${open[1]}`;
  const body: string[] = [];
  for (let at = from + 1; at < lines.length; at++) {
    const line = lines[at] ?? '';
    if (line === close) return { text: body.length === 0 ? '' : `${body.join('\n')}\n`, next: at + 1 };
    body.push(line.startsWith(indent) ? line.slice(indent.length) : line);
  }
  return null;
}

/** The reproduction a point's block (its Markdown, marker line included) carries, with code-debate's result; null for none. */
export function reproductionIn(blockText: string): ReproductionReading | null {
  const lines = blockText.replace(/\r\n?/g, '\n').split('\n');
  const start = reproductionStart(lines);
  return start === -1 ? null : readReproduction(lines.slice(start));
}
