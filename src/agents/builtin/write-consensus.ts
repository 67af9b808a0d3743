import type { DebateDocument, Point, Severity } from '../../protocol/document.js';
import { severities } from '../../protocol/document.js';
import { splitPointBlocks } from '../../protocol/split-point-blocks.js';
import { trackPoints, type PointState } from '../../ledger/track-points.js';
import { formatEvidenceList, plural, severityRank } from './format-markdown.js';
import { isNoFindingPoint } from './write-review.js';

export const consensusNote = "_Rule-based summary by code-debate's built-in agent; not a language model._";

const loweredSeverity = new RegExp(`severity lowered to \\**(${severities.join('|')})\\b`, 'i');

interface Outcome {
  state: PointState;
  severity: Severity | null;
  /** The reviewer's last words on the point, for withdrawn points. */
  reason: string;
}

/**
 * The narrative of the CONSENSUS, derived from the document alone: a summary, why points were
 * withdrawn, and the action items by priority. code-debate itself lists the agreed and disputed
 * points above it, so they are not repeated here.
 */
export function writeConsensus(document: DebateDocument): string {
  const outcomes = readOutcomes(document);
  const agreed = outcomes.filter(({ state }) => state.resolved && state.reviewerReply !== 'withdrawn');
  const withdrawn = outcomes.filter(({ state }) => state.resolved && state.reviewerReply === 'withdrawn');
  const disputed = outcomes.filter(({ state }) => !state.resolved);
  const rounds = document.sections.filter((section) => section.kind === 'response').length;
  const summary =
    `After ${plural(rounds, 'round')}, of ${plural(outcomes.length, 'point')}: ${agreed.length} agreed, ` +
    `${withdrawn.length} withdrawn, ${disputed.length} still disputed.` +
    (disputed.length > 0 ? ' The disputed points need a person to decide.' : '');
  const parts = [consensusNote, summary];
  if (withdrawn.length > 0) parts.push('### Withdrawn', withdrawn.map((outcome) => `- ${name(outcome.state.point)}: withdrawn by the reviewer${outcome.reason ? ` — ${outcome.reason}` : '.'}`).join('\n'));
  parts.push('### Action items', writeActionItems(agreed, disputed));
  return parts.join('\n\n');
}

function readOutcomes(document: DebateDocument): Outcome[] {
  const lowered = new Map<string, Severity>();
  const reasons = new Map<string, string>();
  for (const section of document.sections.filter((candidate) => candidate.kind === 'follow-up')) {
    for (const block of splitPointBlocks(section.body)) {
      const id = `R${block.number}`;
      const severity = loweredSeverity.exec(block.text)?.[1]?.toLowerCase() as Severity | undefined;
      if (severity) lowered.set(id, severity);
      const said = /\*\*withdrawn?\*\*\s*[—:-]?\s*([^\n]+)/i.exec(block.text)?.[1];
      if (said) reasons.set(id, said.trim().slice(0, 200));
    }
  }
  return trackPoints(document).map((state) => ({
    state,
    severity: lowered.get(state.point.id) ?? state.point.severity,
    reason: reasons.get(state.point.id) ?? '',
  }));
}

function name(point: Point): string {
  return `**${point.id}.** ${point.title}`;
}

function writeActionItems(agreed: readonly Outcome[], disputed: readonly Outcome[]): string {
  const bySeverity = (a: Outcome, b: Outcome) => severityRank(a.severity) - severityRank(b.severity) || a.state.point.number - b.state.point.number;
  const todo = agreed.filter((outcome) => !isNoFindingPoint(outcome.state.point.title)).sort(bySeverity);
  const items = [
    ...todo.map((outcome) => {
      const where = outcome.state.point.evidence.length > 0 ? ` — ${formatEvidenceList(outcome.state.point.evidence)}` : '';
      return `**${outcome.state.point.id}** (${outcome.severity ?? 'unrated'}): ${suggestedFix(outcome.state.point)}${where}`;
    }),
    ...[...disputed].sort(bySeverity).map((outcome) => `**${outcome.state.point.id}** (disputed): decide whether to act on "${outcome.state.point.title}".`),
  ];
  if (items.length === 0) return 'None: no rule-based problem was agreed.';
  return items.map((item, index) => `${index + 1}. ${item}`).join('\n');
}

/** The point's own `**Suggested fix:**` line, or its title when it has none. */
function suggestedFix(point: Point): string {
  const fix = /\*\*\s*suggested fix:?\s*\*\*:?\s*([^\n]+)/i.exec(point.text)?.[1]?.trim();
  return fix && fix !== '' ? fix : `address "${point.title}".`;
}
