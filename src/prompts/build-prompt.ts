import { peerOf, roleName } from '../protocol/turn-table.js';
import type { Role, SectionKind, DebateDocument } from '../protocol/document.js';
import type { Subject } from '../subject/subject.js';
import type { PointState } from '../protocol/track-points.js';
import type { Point } from '../protocol/document.js';
import type { AnswerJsonSchema } from '../protocol/answer-schema.js';
import { boundPoints, boundSection } from './bound-peer-text.js';
import type { Stance } from './stance.js';
import { loadTemplate } from './load-template.js';
import { renderTemplate, type PromptValues } from './render-template.js';

export interface PromptContext {
  turn: SectionKind;
  role: Role;
  round: number;
  maxRounds: number;
  heading: string;
  /** The debate file as the agent should name it: relative to the work tree. */
  file: string;
  subject: Subject;
  /** Files whose change differs from the snapshot the Review was written on. */
  changedSinceReview: readonly string[];
  document: DebateDocument;
  documentText: string;
  states: readonly PointState[];
  ledger: string;
  standards: string | null;
  /** The citations that failed the evidence check, as a Markdown list; empty when none did. */
  failedCitations: string;
  stance: Stance;
  /** The most bytes of the peer's last section, and of the open points, the prompt carries (see boundSection). */
  maxPeerBytes: number;
  /** The JSON Schema the answer follows (see answer-schema.ts); absent for the CONSENSUS narrative. */
  answerSchema?: AnswerJsonSchema;
  /** Whether this side runs reproductions: when it does not, the prompt says nothing of them (the template's `{{#reproductions}}` blocks). */
  reproductions: boolean;
  /** For an agent continuing its own conversation: the diff and file list it has read are left out. */
  continued?: boolean;
  /** For an agent that reads the subject with its own tools: the command that shows the diff, given instead of it. */
  readDiff?: string;
}

export { stances, type Stance } from './stance.js';

// Seed 003's devil's advocate, for the Responder: it must still answer every point with a position.
const devilsAdvocate =
  "\nYour stance is devil's advocate (--stance devils-advocate). Open your section with a short " +
  'paragraph, **Assumptions:**, naming the implicit assumptions the review rests on (about the code, ' +
  'its callers, its inputs, its environment). Then, for every point, argue the strongest case for the ' +
  "opposite of the Reviewer's position before you conclude, and still give each point its label, Agreed, " +
  'Partially agreed or Disagreed: agree only where the opposite case fails against the code.\n';

/** The prompt for one turn: its template from `templates/`, filled from the debate. */
export async function buildPrompt(context: PromptContext): Promise<string> {
  const template = await loadTemplate(context.turn);
  return renderTemplate(template.text, promptValues(context), template.name, { reproductions: context.reproductions });
}

export function promptValues(context: PromptContext): PromptValues {
  const last = context.document.sections.at(-1);
  const open = context.states.filter((state) => !state.resolved);
  const lastSection = last ? boundSection(last, context.maxPeerBytes, context.file) : '(none)';
  return {
    subject: context.subject.text,
    subject_description: context.subject.description,
    heading: context.heading,
    file: context.file,
    role: roleName(context.role),
    round: String(context.round),
    max_rounds: String(context.maxRounds),
    diff: context.continued
      ? '(unchanged: it is the diff you read earlier in this conversation)'
      : context.readDiff !== undefined
        ? `(not shown here: read it with \`${context.readDiff}\`${context.subject.head === null ? ', and the new files listed above' : ''})`
        : context.subject.diff.trim() === ''
          ? '(the diff is empty)'
          : context.subject.diff.trimEnd(),
    files: context.continued ? '(as listed earlier in this conversation)' : context.subject.summary,
    changed_files:
      context.changedSinceReview.length === 0
        ? ''
        : `\nThe change under review moved since the Review was written (the author pushed or edited); these files changed since then, so check points about them against the diff below:\n\n${context.changedSinceReview.map((file) => `- ${file}`).join('\n')}\n`,
    document: context.documentText,
    open_points: openPoints(
      open.map((state) => state.point),
      lastSection,
      context,
    ),
    last_section: lastSection,
    ledger: context.ledger,
    stance: context.stance === 'devils-advocate' && context.role === 'responder' ? devilsAdvocate : '',
    standards: context.standards ? `\nApply the repository's review standards (.prompts/pr-review.md):\n\n${context.standards}\n` : '',
    answer_format: context.answerSchema === undefined ? '' : answerFormat(context.answerSchema),
    failed_citations: context.failedCitations
      ? `\ncode-debate checked every \`path:line\` cited so far against the code under review; these do not hold. Do not rely on them, and correct your own:\n\n${context.failedCitations}\n`
      : '',
  };
}

/**
 * The open points, each once in the prompt: a point the peer's latest section already holds word
 * for word (the Review's points in round 1) is named there, not repeated.
 */
function openPoints(points: readonly Point[], lastSection: string, context: PromptContext): string {
  if (points.length === 0) return '(none)';
  const shown = points.filter((point) => !lastSection.includes(point.text.trim()));
  const named = points.filter((point) => !shown.includes(point));
  const peer = `${roleName(peerOf(context.role))}'s`;
  const pointer = named.length === 0 ? '' : `${named.map((point) => point.id).join(', ')}: as written in the ${peer} latest section below.`;
  const listed = shown.length === 0 ? '' : boundPoints(shown, context.maxPeerBytes, context.file);
  return [listed, pointer].filter((part) => part !== '').join('\n\n');
}

/**
 * How to answer: one JSON object that follows the turn's schema, shown whole and indented: shown on
 * one line, a small model without a grammar to hold it (structured output off) echoed its keywords
 * instead of answering it. Compact JSON is not asked for: told to write it on one line, the model
 * suite's 0.5B model looped to its token limit, greedy, on the same Review (bench/README.md).
 */
function answerFormat(schema: AnswerJsonSchema): string {
  return (
    'Answer with one JSON object and nothing else (no commentary around it), following this JSON Schema. ' +
    'Reasoning fields are Markdown; never write a level-1 or level-2 heading (`#` or `##`) in them.\n\n' +
    `\`\`\`json\n${JSON.stringify(schema.schema, null, 2)}\n\`\`\``
  );
}
