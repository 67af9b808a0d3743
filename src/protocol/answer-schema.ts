/**
 * What an agent answers in, as data: one zod definition per kind of turn gives the TypeScript
 * types, the validator (with messages that name the bad field) and the JSON Schema handed to the
 * backends that can be held to one (docs/protocol.md, "Answers as data").
 */
import { z } from 'zod';
import { BoundedMap } from '../bounded-map.js';
import { severities, type Role, type Severity } from './document.js';
import { answerPositions, heldPositions, labelsOf, positionLabelled, type AnswerPosition, type HeldPosition } from './position.js';
import { reproductionSchema, type Reproduction } from './reproduction.js';
import { isAnswering, type FollowingKind } from './turn-table.js';

/** A point's id prefix tells who raised it: R for the Reviewer, F (a finding) for the Responder. */
export const idPrefixes: Record<Role, string> = { reviewer: 'R', responder: 'F' };

export function ownerOf(id: string): Role | null {
  return /^R\d+$/.test(id) ? 'reviewer' : /^F\d+$/.test(id) ? 'responder' : null;
}

const oneLine = (what: string) =>
  z
    .string()
    .trim()
    .min(1, `${what} is empty`)
    .regex(/^[^\r\n]*$/, `${what} must be one line`);

/**
 * The most places one point cites, and the most points one turn raises: bounds a backend's
 * grammar holds a model to, so a small model cannot fill an array until its token limit (a real
 * 0.5B model, asked for evidence, listed line 1, line 2, line 3 ... of one file). A point stands
 * on a few places, the rest go in its reasoning; a review of more points than that is one to split.
 */
export const maxEvidence = 5;
export const maxPoints = 20;

const evidenceSchema = z
  .strictObject({
    path: z
      .string()
      .trim()
      .min(1, 'the path is empty')
      .regex(/^[^\s`:]+$/, 'a path has no spaces, backticks or colons: give the line in `line`'),
    line: z.number().int().min(1),
    endLine: z.number().int().min(1).nullable(),
  })
  .refine((evidence) => evidence.endLine === null || evidence.endLine >= evidence.line, { message: 'endLine is before line', path: ['endLine'] });

const evidenceListSchema = z
  .array(evidenceSchema)
  .max(maxEvidence)
  .describe(`The places that show it, at most ${maxEvidence}: a file's path and line (endLine for a range, else null).`);

const reasoningSchema = z.string().trim().min(1, 'the reasoning is empty');

const newPointSchema = z.strictObject({
  title: oneLine('the title').max(200),
  severity: z.enum(severities),
  evidence: evidenceListSchema,
  reasoning: reasoningSchema,
  reproduction: reproductionSchema,
});

export type EvidenceData = z.infer<typeof evidenceSchema>;

/** The points a turn may speak of: the other side's still open (to answer) and its own still open (to hold a position on). */
export interface AnswerScope {
  turn: FollowingKind;
  role: Role;
  /** The other side's open points, each to be answered with a position (an AnswerPosition). */
  toAnswer: readonly string[];
  /** This side's own open points, on each of which it may state a position. */
  toHold: readonly string[];
}

/** The JSON a turn answers with, built for its scope: the ids it may name are enums. */
export function answerSchemaFor(scope: AnswerScope) {
  const shape: Record<string, z.ZodType> = {
    summary: z.string().describe('An optional short paragraph before the points; "" for none.'),
  };
  // The Review answers nothing: it raises the points.
  if (!isAnswering(scope.turn)) {
    shape.points = z.array(newPointSchema).min(1, 'a review raises at least one point').max(maxPoints).describe('The points, in order; code-debate numbers them R1, R2, ...');
    return z.strictObject(shape);
  }
  const [answerFirst, ...answerRest] = scope.toAnswer;
  if (answerFirst !== undefined) {
    const ids = [answerFirst, ...answerRest] as [string, ...string[]];
    shape.answers = z
      .array(
        z.strictObject({
          id: z.enum(ids),
          label: z.enum(labelsOf(answerPositions) as [string, ...string[]]),
          reasoning: reasoningSchema,
          evidence: evidenceListSchema,
          reproduction: reproductionSchema,
        }),
      )
      .length(ids.length, `answer each of ${ids.join(', ')} once`)
      .describe(`One answer for each of ${ids.join(', ')}.`)
      .superRefine((answers, context) => requireEach(answers, ids, context));
  }
  const [holdFirst, ...holdRest] = scope.toHold;
  if (holdFirst !== undefined) {
    const held = [holdFirst, ...holdRest] as [string, ...string[]];
    shape.positions = z
      .array(
        z.strictObject({
          id: z.enum(held),
          position: z.enum(labelsOf(heldPositions) as [string, ...string[]]),
          reasoning: reasoningSchema,
          severity: z.strictObject({ to: z.enum(severities), reason: oneLine('the reason for the new severity') }).nullable(),
        }),
      )
      .max(held.length)
      .describe('Your position on your own open points, each at most once; a point left out stays as it is.')
      .superRefine((held, context) => requireOnce(held, context));
  }
  shape.newPoints = z.array(newPointSchema).max(maxPoints).describe(`New points of your own, if any; code-debate gives them the next free ${idPrefixes[scope.role]} ids.`);
  return z.strictObject(shape);
}

function requireEach(answers: ReadonlyArray<{ id: string }>, ids: readonly string[], context: z.RefinementCtx): void {
  requireOnce(answers, context);
  const missing = ids.filter((id) => !answers.some((answer) => answer.id === id));
  if (missing.length > 0) context.addIssue({ code: 'custom', message: `${missing.join(', ')} ${missing.length === 1 ? 'is' : 'are'} not answered: answer every open point` });
}

function requireOnce(items: ReadonlyArray<{ id: string }>, context: z.RefinementCtx): void {
  const seen = new Set<string>();
  items.forEach((item, index) => {
    if (seen.has(item.id)) context.addIssue({ code: 'custom', path: [index, 'id'], message: `${item.id} is given twice` });
    seen.add(item.id);
  });
}

/** The JSON Schema a backend is held to, with a name for the APIs that want one. */
export interface AnswerJsonSchema {
  name: string;
  schema: Record<string, unknown>;
}

/** How answerJsonSchema makes a schema, and where it finds one made before. */
export interface AnswerSchemaOptions {
  /** Whether the schema asks for reproductions (default: it does). */
  reproductions?: boolean;
  /** The schemas a side keeps by scope (see SideMemory): one made before is given again. */
  kept?: BoundedMap<string, AnswerJsonSchema>;
}

/**
 * The schema of `scope`'s answer as JSON Schema. Without `reproductions` it asks for none: a side
 * that runs none (`reproductions`: off) does not spend its agent's tokens on tests nobody runs; an
 * answer that brings one still validates. A turn asks for its own twice (the prompt, the
 * backend), and zod's conversion takes milliseconds: with `kept`, a scope's schema is made once,
 * and shared between its callers, so read-only.
 */
export function answerJsonSchema(scope: AnswerScope, { reproductions = true, kept }: AnswerSchemaOptions = {}): AnswerJsonSchema {
  const key = JSON.stringify([scope.turn, scope.role, scope.toAnswer, scope.toHold, reproductions]);
  const found = kept?.get(key);
  if (found !== undefined) return found;
  const { $schema: _draft, ...converted } = z.toJSONSchema(answerSchemaFor(scope), { target: 'draft-7' }) as Record<string, unknown>;
  const schema = reproductions ? converted : withoutField(converted, 'reproduction');
  const made = { name: `code_debate_${scope.turn.replace('-', '_')}`, schema: portable(schema) as Record<string, unknown> };
  kept?.set(key, made);
  return made;
}

/**
 * The schema within what every structured-output backend accepts in strict mode: types, enums,
 * required fields, no extra properties, and the bounds of arrays (`minItems`, `maxItems`, which
 * OpenAI's strict mode, llama.cpp's grammars, Ollama and vLLM all hold), so an answer has exactly
 * one item per open point. String lengths, patterns and number ranges go: OpenAI refuses some,
 * llama.cpp's grammars cannot hold others. The validator still checks every bound, and sends an
 * answer that breaks one back.
 */
const unportable: ReadonlySet<string> = new Set(['default', 'minLength', 'maxLength', 'minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'pattern']);

function portable(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(portable);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => !unportable.has(key))
      .map(([key, inner]) => [key, key === 'properties' ? mapValues(inner) : portable(inner)]),
  );
}

/** A `properties` object's values, each made portable; its keys are field names, never keywords. */
function mapValues(properties: unknown): unknown {
  if (typeof properties !== 'object' || properties === null) return properties;
  return Object.fromEntries(Object.entries(properties).map(([name, schema]) => [name, portable(schema)]));
}

/** A point raised in a turn, with its id; only a peer's text can leave the severity out (null). */
export interface RaisedPoint {
  id: string;
  title: string;
  severity: Severity | null;
  evidence: EvidenceData[];
  reasoning: string;
  /** Files to add and a command that shows it, when one was given (see reproduction.ts). */
  reproduction?: Reproduction;
}

/** An answer to one of the other side's points (JSON `answers[]`). */
export interface PointAnswerData {
  id: string;
  position: AnswerPosition;
  reasoning: string;
  evidence: EvidenceData[];
  /** A reproduction that confirms or disputes the point, when one was given. */
  reproduction?: Reproduction;
}

/** A position held on one of one's own points (JSON `positions[]`). */
export interface PointHeldData {
  id: string;
  position: HeldPosition;
  reasoning: string;
  severity: { to: Severity; reason: string } | null;
}

/** One turn's answer as code-debate renders it (see renderAnswer): the review's points are its newPoints. */
export interface TurnAnswer {
  summary: string;
  answers: PointAnswerData[];
  positions: PointHeldData[];
  newPoints: RaisedPoint[];
}

export type AnswerCheck = { ok: true; answer: TurnAnswer } | { ok: false; problems: string[] };

/**
 * Validates `value` (parsed JSON) for `scope` and turns it into a TurnAnswer, new points numbered
 * from `nextNumber`; or the problems, each naming the field.
 */
export function checkAnswerData(value: unknown, scope: AnswerScope, nextNumber: number): AnswerCheck {
  const parsed = answerSchemaFor(scope).safeParse(withPlainPaths(value));
  if (!parsed.success) return { ok: false, problems: parsed.error.issues.map((issue) => `${fieldOf(issue.path)}: ${issue.message}.`) };
  const data = parsed.data as {
    summary: string;
    points?: Array<z.infer<typeof newPointSchema>>;
    answers?: Array<{ id: string; label: string; reasoning: string; evidence: EvidenceData[]; reproduction: Reproduction | null }>;
    positions?: Array<{ id: string; position: string; reasoning: string; severity: { to: Severity; reason: string } | null }>;
    newPoints?: Array<z.infer<typeof newPointSchema>>;
  };
  const raised = data.points ?? data.newPoints ?? [];
  return {
    ok: true,
    answer: {
      summary: data.summary,
      answers: (data.answers ?? []).map((answer) => ({
        id: answer.id,
        position: positionLabelled(answerPositions, answer.label) ?? 'disagreed',
        reasoning: answer.reasoning,
        evidence: answer.evidence.map(oneLineRange),
        ...withReproduction(answer.reproduction),
      })),
      positions: (data.positions ?? []).map((held) => ({
        id: held.id,
        position: positionLabelled(heldPositions, held.position) ?? 'maintained',
        reasoning: held.reasoning,
        severity: held.severity,
      })),
      newPoints: raised.map(({ reproduction, ...point }, index) => ({
        id: `${idPrefixes[scope.role]}${nextNumber + index}`,
        ...point,
        evidence: point.evidence.map(oneLineRange),
        ...withReproduction(reproduction),
      })),
    },
  };
}

/**
 * `value` with each evidence path that repeats its own line (`"path": "src/a.ts:3", "line": 3`,
 * as a small model writes it; `src/a.ts:3-5` with `endLine` 5) cut to the path: the place is
 * the same. A path whose numbers differ from its lines is left for the validator to refuse.
 */
function withPlainPaths(value: unknown): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  const lists = ['points', 'answers', 'newPoints'] as const;
  const fields = value as Record<string, unknown>;
  return Object.fromEntries(
    Object.entries(fields).map(([key, list]) => [key, (lists as readonly string[]).includes(key) && Array.isArray(list) ? list.map(withPlainEvidence) : list]),
  );
}

function withPlainEvidence(item: unknown): unknown {
  if (typeof item !== 'object' || item === null || !Array.isArray((item as { evidence?: unknown }).evidence)) return item;
  const evidence = (item as { evidence: unknown[] }).evidence.map((place) => {
    if (typeof place !== 'object' || place === null) return place;
    const { path, line, endLine } = place as { path?: unknown; line?: unknown; endLine?: unknown };
    const numbered = typeof path === 'string' ? /^(.+?):(\d+)(?:-(\d+))?$/.exec(path.trim()) : null;
    if (numbered === null || Number(numbered[2]) !== line) return place;
    const end = numbered[3] === undefined ? null : Number(numbered[3]);
    return end === null || end === endLine ? { ...place, path: numbered[1] } : place;
  });
  return { ...item, evidence };
}

/** The reproduction field as the canonical form writes it: LF line ends, no trailing spaces, a file's last line ended. */
function withReproduction(reproduction: Reproduction | null): { reproduction?: Reproduction } {
  if (reproduction === null) return {};
  const text = (content: string) => {
    const lines = content
      .replace(/\r\n?/g, '\n')
      .replace(/[ \t]+$/gm, '')
      .replace(/\n+$/, '');
    return lines === '' ? '' : `${lines}\n`;
  };
  return { reproduction: { command: reproduction.command, files: reproduction.files.map((file) => ({ path: file.path, content: text(file.content) })) } };
}

/** `a.ts:3-3` is `a.ts:3`. */
function oneLineRange(evidence: EvidenceData): EvidenceData {
  return evidence.endLine === evidence.line ? { ...evidence, endLine: null } : evidence;
}

function fieldOf(path: ReadonlyArray<PropertyKey>): string {
  if (path.length === 0) return 'the answer';
  return path.reduce<string>((text, key) => (typeof key === 'number' ? `${text}[${key}]` : text === '' ? String(key) : `${text}.${String(key)}`), '');
}

/** `schema` with the property `field` taken out of every object that has it, and out of its `required`. */
function withoutField(schema: unknown, field: string): unknown {
  if (Array.isArray(schema)) return schema.map((item) => withoutField(item, field));
  if (schema === null || typeof schema !== 'object') return schema;
  const copy: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) copy[key] = withoutField(value, field);
  const properties = copy.properties;
  if (properties !== null && typeof properties === 'object' && field in properties) {
    const { [field]: _dropped, ...rest } = properties as Record<string, unknown>;
    copy.properties = rest;
    if (Array.isArray(copy.required)) copy.required = copy.required.filter((name) => name !== field);
  }
  return copy;
}
