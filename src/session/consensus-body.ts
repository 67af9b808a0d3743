import type { Role } from '../agents/agent.js';
import { summarizeLedger } from '../ledger/summarize-ledger.js';
import type { PointState } from '../ledger/track-points.js';
import type { ConsensusReason } from '../protocol/decide-action.js';
import { formatDuration } from './format-duration.js';

export interface ConsensusContext {
  reason: ConsensusReason;
  round: number;
  maxRounds: number;
  /** The side that did not take its turn, for a timeout. */
  peer: Role;
  turnTimeoutMs: number;
  states: readonly PointState[];
  /** Citations that failed the evidence check, as a Markdown list; empty when none did. */
  failedCitations: string;
}

/** The part of a CONSENSUS that code-debate writes from the debate itself, before any narrative. */
export function consensusHeader(context: ConsensusContext): string {
  const citations = context.failedCitations ? `\n\n**Citations that failed the evidence check:**\n\n${context.failedCitations}` : '';
  return `${outcomeLine(context)}\n\n${summarizeLedger(context.states)}${citations}`;
}

function outcomeLine(context: ConsensusContext): string {
  const open = context.states.filter((state) => !state.resolved).length;
  const disputed = `${open} point${open === 1 ? '' : 's'} still disputed`;
  const rounds = `${context.round} round${context.round === 1 ? '' : 's'}`;
  switch (context.reason) {
    case 'resolved':
      return `**Outcome:** consensus: every point is resolved after ${rounds}.`;
    case 'max-rounds':
      return `**Outcome:** limit reached: ${rounds}, the maximum, ended with ${disputed}.`;
    case 'past-max':
      return `**Outcome:** limit reached: the debate went past the maximum of ${context.maxRounds} rounds, with ${disputed}.`;
    case 'peer-timeout': {
      const peer = context.peer === 'reviewer' ? 'Reviewer' : 'Responder';
      return `**Outcome:** peer timed out: the ${peer} did not take its turn within ${formatDuration(context.turnTimeoutMs)} (--turn-timeout), with ${disputed}.`;
    }
  }
}
