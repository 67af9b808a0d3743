import type { ReportPoint } from './ledger-report.js';
import { severities, type Severity } from '../protocol/document.js';
import type { GateMode } from '../protocol/reproduction-modes.js';
import type { Standing } from './point-standing.js';

/** What the verdict needs of a point: the ledger report's fields, as the cache keeps them. */
export type VerdictPoint = Pick<ReportPoint, 'id' | 'title' | 'severity' | 'status' | 'answer'> & Partial<Pick<ReportPoint, 'agreement' | 'reproduction'>>;

export { gateModes, type GateMode } from '../protocol/reproduction-modes.js';

export interface JudgedPoint {
  id: string;
  title: string;
  severity: Severity | null;
  standing: Standing;
  /** At or above the blocking severity, and confirmed, accepted or disputed (or reproduced, with the gate mode `only`). */
  blocking: boolean;
  /** Whether code-debate's run of its reproduction reproduced it. */
  reproduced: boolean;
}

export interface Verdict {
  blocked: boolean;
  /** The blocking points, most severe first. */
  blocking: JudgedPoint[];
  points: JudgedPoint[];
}

/** Whether `severity` is `threshold` or more severe; a point without a severity never is. */
export function atOrAbove(severity: Severity | null, threshold: Severity): boolean {
  return severity !== null && severities.indexOf(severity) <= severities.indexOf(threshold);
}

export function standingOf(point: VerdictPoint): Standing {
  if (point.status === 'withdrawn') return 'withdrawn';
  if (point.status === 'open') return 'disputed';
  if (point.answer === 'disagreed') return 'dismissed';
  return point.agreement === 'accepted' ? 'accepted' : 'confirmed';
}

/**
 * Pure: the gate's verdict on a finished debate. The push is blocked when a point at or above
 * `blockOn` is confirmed, accepted or still disputed; withdrawn and dismissed points never block.
 * With `gate` set to `only`, a point blocks when its reproduction reproduced, whatever was said of it.
 */
export function judgeDebate(points: readonly VerdictPoint[], blockOn: Severity, gate: GateMode = 'regardless'): Verdict {
  const judged = points.map((point): JudgedPoint => {
    const severity = readSeverity(point.severity);
    const standing = standingOf(point);
    const reproduced = point.reproduction?.verdict === 'reproduced';
    const standsAsProblem = gate === 'only' ? reproduced : standing === 'confirmed' || standing === 'accepted' || standing === 'disputed';
    const blocking = atOrAbove(severity, blockOn) && standsAsProblem;
    return { id: point.id, title: point.title, severity, standing, blocking, reproduced };
  });
  const rank = (point: JudgedPoint) => (point.severity === null ? severities.length : severities.indexOf(point.severity));
  const blocking = judged.filter((point) => point.blocking).sort((a, b) => rank(a) - rank(b));
  return { blocked: blocking.length > 0, blocking, points: judged };
}

/** What blocks, in words, as every report says it: `high` or above, and with the gate mode `only` only reproduced points. */
export function describeGate(blockOn: string, gate: GateMode): string {
  return `${blockOn} or above${gate === 'only' ? ', reproduced points only' : ''}`;
}

function readSeverity(value: string | null): Severity | null {
  return (severities as readonly string[]).includes(value ?? '') ? (value as Severity) : null;
}
