import type { CitationCheck } from '../git/check-citations.js';
import { createDebateReader, type DebateReader } from '../protocol/reading/debate-reader.js';
import type { DebateDocument } from '../protocol/document.js';
import { continuesFold, readLedger, type LedgerFold } from './build-ledger.js';
import { appendFailedCitations } from './citation-report.js';
import { memoizeText, memoLimits } from '../protocol/memoize-text.js';
import { lastRoundStalled, wordsOf } from './engagement-of.js';
import type { Ledger } from './ledger.js';

/**
 * A debate reader (see createDebateReader) that also reads the ledger as the file grows: what a
 * session owns for its whole debate. Each answer is the pure function's (buildLedger,
 * lastRoundStalled, formatFailedCitations), read only from what is new since this reader's last.
 */
export interface LedgerReader extends DebateReader {
  /** `buildLedger(document)`: shared between the calls for one document, so read-only. */
  ledger(document: DebateDocument): Ledger;
  /** `lastRoundStalled(document, round)`. */
  lastRoundStalled(document: DebateDocument, round: number): boolean;
  /** `formatFailedCitations(checks)`: the last report extended by the new checks' lines, so each line is written once (formatFailedCitations keeps nothing). */
  failedCitations(checks: readonly CitationCheck[]): string;
}

/**
 * The protocol's reader keeps to the document (it may not import the ledger); this one adds the
 * ledger's fold on top of it: one object, so a session has one reader to make and to keep.
 */
export function createLedgerReader(): LedgerReader {
  const reader = createDebateReader();
  // A turn asks for the ledger of the document it decided on more than once (the round's state, the stalled-round test): it is read once.
  const built = new WeakMap<DebateDocument, Ledger>();
  let folded: LedgerFold | null = null;
  const stalledBy = new WeakMap<DebateDocument, Map<number, boolean>>();
  let lastReport: { checks: readonly CitationCheck[]; text: string } | null = null;
  // A side's text on a point is compared with its next one, a turn later: each is cut into words once.
  const words = memoizeText(wordsOf, memoLimits.replies);

  const ledger = (document: DebateDocument): Ledger => {
    let found = built.get(document);
    if (found === undefined) {
      const read = readLedger(document, [], folded !== null && continuesFold(document, folded) ? folded : null, reader.bodies);
      found = read.ledger;
      folded = read.fold;
      built.set(document, found);
    }
    return found;
  };

  return {
    ...reader,
    ledger,
    lastRoundStalled(document, round) {
      let rounds = stalledBy.get(document);
      if (rounds === undefined) stalledBy.set(document, (rounds = new Map()));
      let stalled = rounds.get(round);
      if (stalled === undefined) rounds.set(round, (stalled = lastRoundStalled(ledger(document), round, words)));
      return stalled;
    },
    failedCitations(checks) {
      // The checks of a growing debate extend the last ones (see checkDebateCitations): only the new ones are read.
      const before = lastReport !== null && checks.length >= lastReport.checks.length && lastReport.checks.every((check, index) => check === checks[index]) ? lastReport : null;
      const text = appendFailedCitations(before?.text ?? '', checks.slice(before?.checks.length ?? 0));
      lastReport = { checks: [...checks], text };
      return text;
    },
  };
}
