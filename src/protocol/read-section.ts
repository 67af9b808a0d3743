import { idPrefixes, ownerOf, type EvidenceData, type PointAnswerData, type PointHeldData, type RaisedPoint, type TurnAnswer } from './answer-schema.js';
import { findCitationRefs } from './citation-pattern.js';
import type { Role, Severity } from './document.js';
import { unescapeMarkers } from './escape-markers.js';
import { readReproduction, reproductionStart, unescapeReproductionLines, type Reproduction, type ReproductionResult } from './reproduction.js';
import { emphasizedLabelWords, labelNouns, labelWordsIn, readLeadLabel, type LabelKind, type LeadReading } from './read-lead-label.js';
import { splitPointBlocks, textBeforePoints, type PointBlock } from './split-point-blocks.js';
import { isAnswering, writerOf, type FollowingKind } from './turn-table.js';

/** A point a section may speak of, and whether it is still open. */
export interface KnownPoint {
  id: string;
  open: boolean;
  /** Its title: a heading that repeats it (`### R2. Accepts any input`) says no label by it. */
  title?: string;
}

/** A label this section gives no reading for, on a point it speaks of: the point stays as it was. */
export interface UnreadLabel {
  id: string;
  kind: LabelKind;
  /** The line the label was looked for on, as written. */
  line: string;
  why: string;
}

export interface SectionReading {
  summary: string;
  answers: PointAnswerData[];
  positions: PointHeldData[];
  newPoints: RaisedPoint[];
  /** Each point's Markdown in this section (its block), by id. */
  texts: ReadonlyMap<string, string>;
  unread: UnreadLabel[];
  /** Points already settled that the section speaks of: kept as text, they change nothing. */
  remarks: string[];
  /** code-debate's results of running the reproductions the section carries, by point id. */
  results: ReadonlyMap<string, ReproductionResult>;
  /** Marker lines read as no point's (a number that may be another point's, a line naming two ids): quoted back to the writer. */
  unplaced: string[];
}

/**
 * What a section body says, read only where it cannot be misread (docs/protocol.md, "Reading a
 * peer's text"): each point's label in its marker line, or on the first line under a heading
 * marker; a raised point's severity in its heading's brackets or on a `Severity:` line right
 * under its marker; evidence from its `Evidence:` line, else every `path:line` in its block.
 * Anything else gives no label: the point is reported unread and stays as it was.
 */
export function readSection(kind: FollowingKind, body: string, known: readonly KnownPoint[], bodies: BodyReadings = bodiesReadAlone): SectionReading {
  const writer = writerOf(kind);
  const points = new Map(known.map((point) => [point.id, point]));
  const blocks = bodies.blocks(body);
  const reading: SectionReading = {
    summary: bodies.summary(body, blocks),
    answers: [],
    positions: [],
    newPoints: [],
    texts: new Map(),
    unread: [],
    remarks: [],
    results: new Map(),
    unplaced: [],
  };
  const texts = reading.texts as Map<string, string>;
  const results = reading.results as Map<string, ReproductionResult>;
  const seen = new Set<string>();
  // A plain number is point R<N> only where the Nth open point is R<N> too: with R1 settled, `1.` may be R2 as much as R1.
  const open = known.filter((point) => point.open && point.id.startsWith('R')).map((point) => Number(point.id.slice(1)));
  const numbersAreIds = open.sort((a, b) => a - b).every((number, index) => number === index + 1);
  for (const block of blocks) {
    if (block.id === null || (block.fromNumber && !numbersAreIds)) {
      reading.unplaced.push(block.marker);
      continue;
    }
    const id = block.id;
    // `### 1. Disagreed` over a line about R2: a heading that groups points by their label, not point 1.
    const other = block.fromNumber && isAnswering(kind) ? otherIdIn(block.text, id) : null;
    if (other !== null) {
      if (points.get(id)?.open === true)
        reading.unread.push({ id, kind: labelKindFor(writer, id, points), line: block.marker, why: `its number says ${id}, and its text speaks of ${other}` });
      else reading.unplaced.push(block.marker);
      continue;
    }
    // `### 1. <the title of R3>`: the number says one point, the title another; neither is guessed.
    const titled = block.fromNumber ? titleOfAnother(block.title, id, known) : null;
    if (titled !== null) {
      reading.unread.push({ id, kind: labelKindFor(writer, id, points), line: block.marker, why: `its number says ${id}, its title is ${titled}'s` });
      continue;
    }
    // A point spoken of twice in one section gets no reading from either: which one counts is a guess.
    if (seen.has(id)) {
      forget(reading, id);
      reading.unread.push({ id, kind: labelKindFor(writer, id, points), line: block.marker, why: 'the point is answered twice in this section' });
      continue;
    }
    seen.add(id);
    texts.set(id, block.text);
    const point = points.get(id);
    if (point === undefined) {
      // New points carry an explicit id of the writer's own (a numbered list of reasons raises none), or are the Review's (a section that answers nothing).
      if (ownerOf(id) === writer && (!isAnswering(kind) || block.style !== 'numbered')) {
        const raised = readRaised(block);
        reading.newPoints.push(raised.point);
        if (raised.result !== null) results.set(id, raised.result);
      }
      continue;
    }
    if (!point.open) {
      reading.remarks.push(id);
      continue;
    }
    const labelKind = labelKindFor(writer, id, points);
    const label = readBlockLabel(labelKind, block, point.title ?? '', id);
    if (label.value === null) {
      reading.unread.push({ id, kind: labelKind, line: label.line, why: label.why });
      continue;
    }
    const body = blockBody(block, label);
    if (body.result !== null) results.set(id, body.result);
    if (labelKind === 'answer')
      reading.answers.push({
        id,
        position: label.value as PointAnswerData['position'],
        reasoning: body.reasoning,
        evidence: body.evidence,
        ...(body.reproduction === null ? {} : { reproduction: body.reproduction }),
      });
    else reading.positions.push({ id, position: label.value as PointHeldData['position'], reasoning: body.reasoning, severity: body.severityChange });
    // A severity line that says something no reader can take leaves the severity as it was, and is sent back like a label.
    if (body.unreadSeverity !== null) reading.unread.push({ id, kind: 'severity', line: body.unreadSeverity, why: 'no severity change could be read in it' });
  }
  return reading;
}

/** An id other than `id` that `text` names outside code spans, or null. */
function otherIdIn(text: string, id: string): string | null {
  for (const match of text.replace(/`[^`]*`/g, ' ').matchAll(/\b[RF]\d+\b/g)) if (match[0] !== id) return match[0];
  return null;
}

/** The other point whose title `title` starts with (bold and case aside), or null. */
function titleOfAnother(title: string, id: string, known: readonly KnownPoint[]): string | null {
  const plain = (text: string) => text.replace(/[*_`]/g, '').replace(/\s+/g, ' ').trim().toLowerCase();
  const said = plain(title);
  const own = known.find((point) => point.id === id)?.title;
  if (own !== undefined && said.startsWith(plain(own))) return null;
  const other = known.find((point) => point.id !== id && point.title !== undefined && plain(point.title).length >= 4 && said.startsWith(plain(point.title)));
  return other?.id ?? null;
}

function forget(reading: SectionReading, id: string): void {
  reading.answers = reading.answers.filter((answer) => answer.id !== id);
  reading.positions = reading.positions.filter((held) => held.id !== id);
  reading.newPoints = reading.newPoints.filter((point) => point.id !== id);
}

/** The other side's point is answered (an AnswerPosition); one's own is held (a HeldPosition). */
function labelKindFor(writer: Role, id: string, points: ReadonlyMap<string, KnownPoint>): LabelKind {
  const owner = ownerOf(id) ?? (points.has(id) ? 'reviewer' : writer);
  return owner === writer ? 'held' : 'answer';
}

type BlockLabel = { value: string; rest: string; line: string; under: boolean } | { value: null; line: string; why: string };

/**
 * The one label a block gives: in its marker line, or on the first line under a heading; and
 * only when no other label word of its kind stands beside it there (`**Agreed** — but I disagree
 * on…`, a heading `(Partially agreed)` over `**Agreed.**`): a label contradicted is no label.
 */
function readBlockLabel(kind: LabelKind, block: PointBlock, title: string, id: string): BlockLabel {
  const label = readStatedLabel(kind, block, id);
  if (label.value === null) return label;
  const paragraph = block.style === 'heading' ? headParagraph(block) : [];
  // Another line of the paragraph that states a label, or keys one (`Decision: Maintain`), states a second one.
  const stated = paragraph.slice(1).flatMap((line) => {
    const lead = readLeadLabel(kind, line);
    if (lead !== null) return [lead.value ?? 'unreadable'];
    return keyedLine.test(line) ? labelWordsIn(kind, line) : [];
  });
  const head = [block.title.replace(title, ''), ...paragraph].join('\n');
  const others = [...stated, ...emphasizedLabelWords(kind, head)].filter((value) => value !== label.value && !parts[label.value]?.has(value));
  return others.length === 0 ? label : { value: null, line: label.line, why: `it also says ${others[0]?.replace('-', ' ')}` };
}

const keyedLine = /^[\W_]*(?:verdict|status|position|decision|stance|assessment|answer|response|category)[\W_]*:/i;

/** A partial label's parts are not another label: `Partially agreed: I agree on…, disagree on…`. */
const parts: Record<string, ReadonlySet<string>> = {
  'partially-agreed': new Set(['agreed', 'disagreed']),
  'conceded-part': new Set(['accepted', 'maintained']),
};

/** The first paragraph under a heading, unless it is code-debate's meta paragraph (Severity, Evidence). */
function headParagraph(block: PointBlock): string[] {
  const lines = block.text.split('\n').slice(1);
  while (lines[0]?.trim() === '') lines.shift();
  const end = lines.findIndex((line) => line.trim() === '');
  const paragraph = lines.slice(0, end === -1 ? lines.length : end);
  return paragraph.slice(metaParagraph(paragraph)?.length ?? 0);
}

function readStatedLabel(kind: LabelKind, block: PointBlock, id: string): BlockLabel {
  const found: Array<{ value: string; rest: string; line: string; under: boolean }> = [];
  const fromMarker = readMarkerLabel(kind, block.title, id);
  if (fromMarker !== null && fromMarker.value === null) return { value: null, line: block.marker, why: fromMarker.why };
  if (fromMarker !== null) found.push({ value: fromMarker.value, rest: fromMarker.rest, line: block.marker, under: false });
  if (block.style === 'heading') {
    const first = firstLineUnder(block);
    const under = first === null ? null : readLeadLabel(kind, first, id);
    if (under !== null && under.value === null) return { value: null, line: first ?? '', why: under.why };
    if (under !== null && first !== null) found.push({ value: under.value, rest: under.rest, line: first, under: true });
  }
  const values = new Set(found.map((label) => label.value));
  if (values.size > 1) return { value: null, line: found.map((label) => label.line).join(' / '), why: 'two different labels are given' };
  const label = found.find((candidate) => candidate.under) ?? found[0];
  if (label === undefined) return { value: null, line: block.marker, why: `no ${labelNouns[kind]} stands in the point's heading or on the first line under it` };
  return label;
}

/**
 * A marker's label: at its start (`R1. **Agreed** — …`), alone in brackets at its start or end
 * (`### R1 (Agreed)`, `### R1. Title [Partially agreed]`), or after its title's last dash
 * (`### R1. Title — Agreed`).
 */
function readMarkerLabel(kind: LabelKind, title: string, id: string): LeadReading<LabelKind> {
  const lead = readLeadLabel(kind, title, id);
  if (lead !== null) return lead;
  const bracket = /^[([]([^()[\]]+)[)\]]|[([]([^()[\]]+)[)\]][\s.!]*$/.exec(title);
  const inside = bracket === null ? null : readLeadLabel(kind, bracket[1] ?? bracket[2] ?? '', id);
  if (inside !== null) return inside.value !== null && inside.rest.trim() !== '' ? { value: null, why: 'the label in brackets is qualified' } : inside;
  const tail = /[ \t]+[—–|][ \t]+(?!.*[ \t][—–|][ \t])(.+)$/.exec(title);
  if (tail?.[1] === undefined) return null;
  const end = readLeadLabel(kind, tail[1], id);
  // At a title's end the label stands alone: `— Agreed`, not `— Agreed, mostly`.
  return end !== null && end.value !== null && end.rest.trim() !== '' ? { value: null, why: 'the label at the end of the heading is followed by more text' } : end;
}

/** The first line of text under a heading marker, unless it is quoted, code, HTML, a list or a table: those are never a label's place. */
function firstLineUnder(block: PointBlock): string | null {
  const line = block.text
    .split('\n')
    .slice(1)
    .find((candidate) => candidate.trim() !== '');
  if (line === undefined || /^\s*(?:>|\||```|~~~| {4}|\t|<|[-*+][ \t]|\d+[.)][ \t])/.test(line)) return null;
  return line.trim();
}

interface BlockBody {
  reasoning: string;
  evidence: EvidenceData[];
  severity: Severity | null;
  severityChange: PointHeldData['severity'];
  canonical: boolean;
  reproduction: Reproduction | null;
  result: ReproductionResult | null;
  /** A `Severity:` line whose value is no level, no change and not `unchanged`, as written. */
  unreadSeverity: string | null;
}

/**
 * A block's parts: the meta paragraph right under its marker (`**Severity:** …`, `**Evidence:** …`
 * lines), then the reasoning, which begins with what followed the label on its line when the
 * label stood in the text rather than in a heading.
 */
function blockBody(block: PointBlock, label: { rest: string; under: boolean } | null): BlockBody {
  let rest = block.text.split('\n').slice(1);
  while (rest[0]?.trim() === '') rest.shift();
  let opening = '';
  if (label?.under) rest = [label.rest, ...rest.slice(1)];
  else if (label !== null && block.style !== 'heading') opening = label.rest;
  const meta = opening === '' ? metaParagraph(rest) : null;
  if (meta !== null) rest = rest.slice(meta.length);
  // A reproduction ends the block (see renderReproduction): what comes before it is the reasoning.
  const start = reproductionStart(rest);
  const reproduced = start === -1 ? null : readReproduction(rest.slice(start));
  if (start !== -1) rest = rest.slice(0, start);
  const reasoning = unescapeReproductionLines(unescapeMarkers([opening, ...rest].join('\n'))).trim();
  const evidence = meta?.evidence ?? evidenceIn(reproduced === null ? block.text : [block.text.split('\n')[0] ?? '', ...rest].join('\n'));
  return {
    reasoning,
    evidence,
    severity: meta?.severity ?? null,
    severityChange: meta?.severityChange ?? null,
    canonical: meta?.canonical ?? false,
    reproduction: reproduced?.reproduction ?? null,
    result: reproduced?.result ?? null,
    unreadSeverity: meta?.unreadSeverity ?? null,
  };
}

interface Meta {
  length: number;
  /** Whether it has an `Evidence:` line, which code-debate always writes: then its severity line is the point's, whatever the title says. */
  canonical: boolean;
  evidence: EvidenceData[] | null;
  severity: Severity | null;
  severityChange: PointHeldData['severity'];
  unreadSeverity: string | null;
}

const metaLine = /^[ \t]*(?:[-*+][ \t]+)?(?:\*\*|__)?(severity|evidence)(?:\*\*|__)?[ \t]*:(?:\*\*|__)?[ \t]*(.*)$/i;

/** The `Severity:` and `Evidence:` lines at the top of `lines` (a point's meta paragraph), or null when it starts with none. */
function metaParagraph(lines: readonly string[]): Meta | null {
  // The meta lines at the top of the first paragraph: a peer may go on with its text without a blank line.
  const end = lines.findIndex((line) => !metaLine.test(line));
  const paragraph = lines.slice(0, end === -1 ? lines.length : end);
  if (paragraph.length === 0) return null;
  const meta: Meta = { length: paragraph.length, canonical: false, evidence: null, severity: null, severityChange: null, unreadSeverity: null };
  const severities = new Set<Severity>();
  for (const line of paragraph) {
    const [, key = '', raw = ''] = metaLine.exec(line) ?? [];
    // `**Severity: High**`: the bold opened before the key closes after the value.
    const value = /^[^*_]*(?:\*\*|__)\s*$/.test(raw) ? raw.replace(/(?:\*\*|__)\s*$/, '') : raw;
    if (key.toLowerCase() === 'evidence') {
      meta.evidence = [...(meta.evidence ?? []), ...readEvidenceLine(value)];
      meta.canonical = true;
      continue;
    }
    // `→` as code-debate writes it, or `->` as a keyboard does: `medium -> low`.
    const change = /^(?:\w+[ \t]*)?(?:→|->)[ \t]*(\w+)(?::[ \t]*(.*))?$/.exec(value.replace(/\*\*|__/g, '').trim());
    const to = change ? readLeadLabel('severity', change[1] ?? '') : null;
    if (change && to !== null && to.value !== null && to.rest === '') {
      meta.severityChange = { to: to.value, reason: (change[2] ?? '').trim() };
      continue;
    }
    const read = readLeadLabel('severity', value);
    if (read !== null && read.value !== null) severities.add(read.value);
    else if (!/^\s*unchanged\.?\s*$/i.test(value)) {
      severities.add('unreadable' as Severity);
      meta.unreadSeverity = line.trim();
    }
  }
  const [only] = severities;
  meta.severity = severities.size === 1 && only !== ('unreadable' as Severity) ? (only ?? null) : null;
  // A follow-up may rate its own point again with a plain `Severity:` line: that is the change.
  if (meta.severityChange === null && meta.severity !== null) meta.severityChange = { to: meta.severity, reason: '' };
  return meta;
}

/** The citations of an `Evidence:` line: each `path:line` or `path:line-line` in backticks, or, unquoted, as a peer writes them. */
function readEvidenceLine(value: string): EvidenceData[] {
  if (/^\s*none\.?\s*$/i.test(value)) return [];
  const quoted = [...value.matchAll(/`([^`\s]+):(\d+)(?:[-–](\d+))?`/g)].map((match) => ({
    path: match[1] ?? '',
    line: Number(match[2]),
    endLine: match[3] === undefined ? null : Number(match[3]),
  }));
  return quoted.length > 0 ? quoted : evidenceIn(value);
}

function evidenceIn(text: string): EvidenceData[] {
  const seen = new Set<string>();
  const evidence: EvidenceData[] = [];
  for (const ref of findCitationRefs(text)) {
    const key = `${ref.path}:${ref.line}:${ref.endLine}`;
    if (seen.has(key)) continue;
    seen.add(key);
    evidence.push({ path: ref.path, line: ref.line, endLine: ref.endLine === ref.line ? null : ref.endLine });
  }
  return evidence;
}

/**
 * A point a block raises: its title, severity, evidence and reasoning. In the canonical form the
 * meta paragraph rates it; a peer may rate it in brackets at the title's start or end instead
 * (`### R1. [high] Title`), and two different ratings leave it unrated.
 */
function readRaised(block: PointBlock): { point: RaisedPoint; result: ReproductionResult | null } {
  const body = blockBody(block, null);
  const base = { id: block.id ?? '', evidence: body.evidence, reasoning: body.reasoning, ...(body.reproduction === null ? {} : { reproduction: body.reproduction }) };
  return { point: raisedOf(block, body, base), result: body.result };
}

function raisedOf(block: PointBlock, body: BlockBody, base: Omit<RaisedPoint, 'title' | 'severity'>): RaisedPoint {
  if (body.canonical && body.severity !== null) return { ...base, title: block.title, severity: body.severity };
  const bracket = /^(?:[([][ \t]*(\w+)[ \t]*[)\]][ \t]*)?(.*?)(?:[ \t]*[([][ \t]*(\w+)[ \t]*[)\]])?$/.exec(block.title);
  const dashed = /^(.*?)[ \t]+[—–][ \t]+(\w+)$/.exec(block.title);
  // Every bracketed word of the title is a candidate: `Title [high] — Critical` gives two ratings, so none.
  const inBrackets = [...block.title.matchAll(/[([][ \t]*(\w+)[ \t]*[)\]]/g)].map((match) => match[1]);
  const tags = [...inBrackets, dashed?.[2]]
    .map((word) => (word === undefined ? null : readLeadLabel('severity', word)))
    .flatMap((read) => (read !== null && read.value !== null && read.rest === '' ? [read.value] : []));
  const bracketed = [bracket?.[1], bracket?.[3]].some((word) => word !== undefined && readLeadLabel('severity', word)?.value != null);
  const title = tags.length === 0 ? block.title : bracketed ? (bracket?.[2] ?? block.title).trim() : (dashed?.[1] ?? block.title).trim();
  const rated = new Set([...tags, ...(body.severity === null ? [] : [body.severity])]);
  const [severity] = rated;
  return { ...base, title, severity: rated.size === 1 ? (severity ?? null) : null };
}

/** The summary: what comes before the first point (the whole body when no point is marked, every marker style escaped then). */
export function readSummary(body: string, blocks: readonly PointBlock[] = splitPointBlocks(body)): string {
  return unescapeMarkers(textBeforePoints(body, blocks), blocks.length === 0);
}

/**
 * What readSection reads of a section's body whatever the points known: its point blocks and its
 * summary. A reader of a growing debate reads each body several times (its point walk, the
 * ledger's, whether it is prose) and keeps these (see createDebateReader); read alone, each is
 * read again. What it returns is shared: read it, never change it.
 */
export interface BodyReadings {
  blocks(body: string): readonly PointBlock[];
  /** The summary of `body`, whose blocks are `blocks`. */
  summary(body: string, blocks: readonly PointBlock[]): string;
}

/** Each body read anew, as a pure reading of one document does. */
export const bodiesReadAlone: BodyReadings = { blocks: splitPointBlocks, summary: readSummary };

/** The next free number for `role`'s ids, after every point known. */
export function nextNumberFor(role: Role, known: readonly { id: string }[]): number {
  const prefix = idPrefixes[role];
  return 1 + Math.max(0, ...known.filter((point) => point.id.startsWith(prefix)).map((point) => Number(point.id.slice(prefix.length))));
}

/** The reading as the answer it renders from. */
export function answerOf(reading: SectionReading): TurnAnswer {
  return { summary: reading.summary, answers: reading.answers, positions: reading.positions, newPoints: reading.newPoints };
}
