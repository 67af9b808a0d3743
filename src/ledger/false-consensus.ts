import { findCitationRefs } from '../protocol/citation-pattern.js';
import type { Ledger } from './ledger.js';

export interface LedgerFlag {
  kind: 'false-consensus' | 'unanimous-round-1' | 'uncategorized' | 'stalled' | 'reproduction-contradicted' | 'reproduction-unverified';
  /** The point, or null for a flag on the whole debate. */
  id: string | null;
  round: number;
  message: string;
}

// A commit id: 7-40 hex digits with at least one digit and one letter (so no word or number).
const commitPattern = /\b(?=[0-9a-f]*\d)(?=[0-9a-f]*[a-f])[0-9a-f]{7,40}\b/i;
const fencePattern = /^ {0,3}(?:`{3,}|~{3,})/m;

/** Whether a reply brings something checkable: a `path:line` citation, a commit id or a code block. */
export function bringsEvidence(text: string): boolean {
  return findCitationRefs(text).length > 0 || commitPattern.test(text) || fencePattern.test(text);
}

/**
 * Seed 003's false-consensus checks: a point whose responder went from Disagreed to Agreed
 * in a reply that brings no evidence (citation, commit or code block), and a debate whose
 * responder Agreed every point of the Review in round 1 (a warning: verify the reasoning).
 */
export function falseConsensusFlags(ledger: Ledger): LedgerFlag[] {
  const flags: LedgerFlag[] = [];
  const firstRound = ledger.points.filter((point) => point.raisedIn === 1).map((point) => point.rounds.find((entry) => entry.round === 1)?.answerer?.position);
  if (firstRound.length > 0 && firstRound.every((position) => position === 'agreed')) {
    flags.push({
      kind: 'unanimous-round-1',
      id: null,
      round: 1,
      message: `The responder agreed with all ${firstRound.length} points in round 1: verify the reasoning is its own.`,
    });
  }
  for (const point of ledger.points) {
    let last: string | null = null;
    for (const entry of point.rounds) {
      const answer = entry.answerer;
      if (!answer || answer.position === 'uncategorized' || answer.position === 'unanswered') continue;
      if (last === 'disagreed' && answer.position === 'agreed' && !bringsEvidence(answer.text)) {
        flags.push({
          kind: 'false-consensus',
          id: point.id,
          round: entry.round,
          message: `${point.id} flipped from Disagreed to Agreed in ${answer.section} with no new evidence, commit or citation.`,
        });
      }
      last = answer.position;
    }
  }
  return flags;
}
