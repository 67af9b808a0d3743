/**
 * The CONSENSUS body, written from the ledger (docs/how-it-works.md, "The CONSENSUS"): the outcome
 * line, the agent's narrative, the points grouped by the confidence the ledger computed, what was
 * withdrawn, who moved, the citations that failed, the flags, and the action items in priority
 * order. Nothing in it is an agent's opinion of itself but the narrative.
 */
import { severities } from '../protocol/document.js';
import { excerptPoint } from './excerpt-point.js';
import { roleOn, type Ledger, type LedgerPoint, type PointSide, type SideTurn } from './ledger.js';
import type { LedgerReport, ReportPoint } from './ledger-report.js';
import { verdictWords } from '../protocol/reproduction.js';
import { roleName } from '../protocol/turn-table.js';

export interface ConsensusParts {
  /** `**Outcome:** consensus: ...`, as `readOutcome` reads it back. */
  outcome: string;
  /** The Reviewer's agent's summary, null when code-debate writes the CONSENSUS alone. */
  narrative: string | null;
  /** The failed citations as a Markdown list, '' when none failed. */
  failedCitations: string;
  /** What the debate cost before this section, one line (see describeDebateUsage). */
  spend: string;
}

const positionWords: Record<string, string> = {
  agreed: 'Agreed',
  'partially-agreed': 'Partially agreed',
  disagreed: 'Disagreed',
  maintained: 'maintained',
  withdrawn: 'withdrawn',
  accepted: 'accepted',
  'conceded-part': 'conceded part',
};

export function renderConsensus(ledger: Ledger, report: LedgerReport, parts: ConsensusParts): string {
  const byId = new Map(ledger.points.map((point) => [point.id, point]));
  const group = (confidence: ReportPoint['confidence']) =>
    report.points
      .filter((point) => point.confidence === confidence)
      .flatMap((point) => {
        const found = byId.get(point.id);
        return found ? [{ point: found, report: point }] : [];
      });
  const blocks = [
    parts.outcome,
    parts.narrative === null ? null : `### Summary\n\n${parts.narrative.trim()}`,
    `### Confirmed (HIGH confidence)\n\n${list(group('HIGH').map(({ point }) => confirmed(point)))}`,
    `### Majority / partial (MEDIUM confidence)\n\n${list(group('MEDIUM').map(({ point, report: reported }) => partial(point, reported, report)))}`,
    `### Split (LOW confidence)\n\n${list(group('LOW').map(({ point }) => split(point)))}`,
    `### Withdrawn\n\n${list(group('WITHDRAWN').map(({ point }) => withdrawn(point)))}`,
    section(
      'Position changes',
      report.positionChanges.map((change) => {
        const side = `the ${roleName(change.side)}`;
        return `- Round ${change.round} (${change.section}): ${side} moved on ${change.id} from ${positionWords[change.from] ?? change.from} to ${positionWords[change.to] ?? change.to}.`;
      }),
    ),
    section(
      'Reproductions',
      ledger.points.flatMap((point) =>
        point.reproduction === null
          ? []
          : [`- ${label(point)}: ${verdictWords[point.reproduction.verdict]} (run by code-debate, ${point.reproduction.section}): ${point.reproduction.why}.`],
      ),
    ),
    parts.failedCitations.trim() === '' ? null : `### Citations that failed the evidence check\n\n${parts.failedCitations.trim()}`,
    section(
      'Flags',
      report.flags.map((flag) => `- ${flag.message}`),
    ),
    `### Spend\n\n${parts.spend}`,
    section(
      'Action items',
      actionItems(
        group('HIGH')
          .concat(group('MEDIUM'), group('LOW'))
          .map(({ point }) => point),
      ),
    ),
  ];
  return blocks.filter((block) => block !== null).join('\n\n');
}

function section(title: string, lines: readonly string[]): string | null {
  return lines.length === 0 ? null : `### ${title}\n\n${lines.join('\n')}`;
}

function list(lines: readonly string[]): string {
  return lines.length === 0 ? 'None.' : lines.join('\n');
}

function label(point: LedgerPoint): string {
  return `**${point.id}**${point.severity ? ` (${point.severity})` : ''} ${point.title || 'untitled'}`;
}

function confirmed(point: LedgerPoint): string {
  const agreement = lastStated(point, 'answerer', ['agreed']);
  const accepted = lastStated(point, 'raiser', ['accepted', 'conceded-part']);
  const how = agreement ? `agreed in ${agreement.section}` : accepted ? `the ${sideName(point, 'raiser')} accepted the answer in ${accepted.section}` : 'resolved';
  const words = agreement ? excerptPoint(agreement.text) : '';
  return `- ${label(point)}: ${how}.${words ? ` ${words}` : ''}`;
}

function partial(point: LedgerPoint, reported: ReportPoint, report: LedgerReport): string {
  if (point.status === 'resolved') {
    const failed = point.evidence.filter((evidence) => evidence.check === 'failed').map((evidence) => `\`${evidence.path}:${evidence.line}\``);
    const flagged = report.flags.some((flag) => flag.kind === 'false-consensus' && flag.id === point.id);
    const accepted =
      reported.agreement === 'accepted'
        ? 'accepted, not confirmed: the agreement brought no evidence of its own (a place it cites, a reproduction that reproduced) in its own words'
        : null;
    const why = [accepted, failed.length > 0 ? `its evidence failed the check (${failed.join(', ')})` : null, flagged ? 'the agreement came with no new evidence' : null]
      .filter((reason) => reason !== null)
      .join(', and ');
    return `${confirmed(point)} Only MEDIUM: ${why}.`;
  }
  const agreed = lastStated(point, 'answerer', ['partially-agreed']);
  const reviewer = lastStated(point, 'raiser', ['raised', 'maintained', 'conceded-part']);
  const lines = [`- ${label(point)}: partially agreed${reported.rounds.length > 0 ? ` after round ${reported.rounds.at(-1)?.round}` : ''}.`];
  if (agreed) lines.push(`  - ${sideName(point, 'answerer')} (${agreed.section}): ${excerptPoint(agreed.text)}`);
  if (reviewer) lines.push(`  - ${sideName(point, 'raiser')} (${reviewer.section}, ${positionWords[reviewer.position] ?? 'raised'}): ${excerptPoint(reviewer.text)}`);
  return lines.join('\n');
}

function split(point: LedgerPoint): string {
  const reviewer = lastStated(point, 'raiser', ['raised', 'maintained', 'uncategorized']);
  const responder = lastStated(point, 'answerer', ['disagreed', 'uncategorized']);
  const evidence = point.evidence.map(
    (item) => `\`${item.path}:${item.line}\` (${item.check === 'ok' ? 'checked' : item.check === 'failed' ? 'failed the check' : 'not checked'})`,
  );
  const lines = [`- ${label(point)}: still disputed.`];
  if (reviewer)
    lines.push(`  - ${sideName(point, 'raiser')} (${reviewer.section}): ${excerptPoint(reviewer.text)}${evidence.length > 0 ? ` Evidence: ${evidence.join(', ')}.` : ''}`);
  lines.push(responder ? `  - ${sideName(point, 'answerer')} (${responder.section}): ${excerptPoint(responder.text)}` : `  - ${sideName(point, 'answerer')}: no position on it.`);
  return lines.join('\n');
}

function withdrawn(point: LedgerPoint): string {
  const turn = lastStated(point, 'raiser', ['withdrawn']);
  const reason = turn ? excerptPoint(turn.text) : (point.withdrawnReason ?? '');
  return `- ${label(point)}: withdrawn${turn ? ` in ${turn.section}` : ''}.${reason ? ` ${reason}` : ''}`;
}

/**
 * Fixes both sides agreed to (in full or in part), then decisions still to take, each by
 * severity. A point the Reviewer let go after a Disagreed asks for nothing. The fix is the
 * Review's `**Suggested fix:**` when it has one, else the Responder's words.
 */
function actionItems(points: readonly LedgerPoint[]): string[] {
  const rank = (point: LedgerPoint) => (point.severity === null ? severities.length : severities.indexOf(point.severity));
  const ordered = [...points].sort((a, b) => rank(a) - rank(b));
  const fixes = ordered.flatMap((point) => {
    const agreed = lastStated(point, 'answerer', ['agreed', 'partially-agreed', 'disagreed']);
    if (point.status === 'open' && agreed?.position !== 'partially-agreed') return [];
    if (point.status === 'resolved' && agreed?.position === 'disagreed') return [];
    const full = point.status === 'resolved' && agreed?.position !== 'partially-agreed';
    const what = suggestedFix(point) ?? (agreed ? excerptPoint(agreed.text, 160) : '');
    return [`${label(point)}: ${full ? 'fix' : 'fix the agreed part'}.${what ? ` ${what}` : ''}`];
  });
  const decisions = ordered.filter((point) => point.status === 'open' && lastStated(point, 'answerer', ['partially-agreed']) === null);
  return [...fixes, ...decisions.map((point) => `${label(point)}: decide, the sides still disagree.`)].map((item, index) => `${index + 1}. ${item}`);
}

function suggestedFix(point: LedgerPoint): string | null {
  const raised = point.rounds[0]?.raiser?.text ?? '';
  const fix = /\*\*\s*suggested fix:?\s*\*\*:?\s*([^\n]+)/i.exec(raised)?.[1]?.trim();
  return fix ? excerptPoint(fix, 160) : null;
}

function sideName(point: LedgerPoint, side: PointSide): string {
  return roleName(roleOn(point, side));
}

function lastStated(point: LedgerPoint, side: PointSide, positions: readonly string[]): SideTurn<string> | null {
  const turns = point.rounds.map((entry) => entry[side] as SideTurn<string> | null).filter((turn) => turn !== null && positions.includes(turn.position) && turn.text.trim() !== '');
  return turns.at(-1) ?? null;
}
