import { peerOf } from '../protocol/turn-table.js';
import { AgentError } from '../errors.js';
import type { WriteAction } from '../protocol/decide-action.js';
import type { DebateDocument } from '../protocol/document.js';
import { stripControlChars } from '../protocol/control-chars.js';
import type { AgentAnswer } from './ask-agent.js';
import type { BodyAnswer, TurnInputs } from './agent-section.js';
import { consensusBody } from './consensus-body.js';
import type { SideContext } from './side-context.js';
import { keepUnwritten } from './turn-spend.js';

/**
 * The CONSENSUS's body: the ledger's outcome and every point's standing, with the narrative
 * `narrate` asks the agent for; a timeout's CONSENSUS asks no agent, and one that cannot write
 * its narrative costs the narrative, never the CONSENSUS.
 */
export async function writeConsensus(
  context: SideContext,
  action: Extract<WriteAction, { turn: 'consensus' }>,
  document: DebateDocument,
  fresh: () => Promise<TurnInputs>,
  narrate: () => Promise<AgentAnswer>,
): Promise<BodyAnswer> {
  const consensus = {
    reason: action.reason,
    round: action.round,
    maxRounds: context.maxRounds,
    peer: peerOf(context.role),
    turnTimeoutMs: context.turnTimeoutMs,
    budget: context.budget,
    document,
  };
  // The CONSENSUS quotes the points' titles, which a peer may have written with control characters: they are not written again.
  if (action.reason === 'peer-timeout') {
    return {
      body: stripControlChars(consensusBody({ ...consensus, checks: (await fresh()).checks }, null)).text,
      promptBytes: 0,
      usage: null,
      auto: 'the peer let its turn time out',
    };
  }
  // The outcome and every point's standing are the debate's data; the agent adds only a narrative.
  // An agent that cannot write it (cut off, unusable, down) costs the narrative, never the CONSENSUS.
  const narrative = await narrate().catch(async (error: unknown) => {
    if (!(error instanceof AgentError)) throw error;
    await keepUnwritten(context, error.spent);
    context.emit({
      type: 'warning',
      role: context.role,
      message: `${error.message} code-debate writes the CONSENSUS without the agent's narrative: its outcome and every point's standing come from the debate itself.`,
    });
    return null;
  });
  const body = stripControlChars(consensusBody({ ...consensus, checks: (await fresh()).checks }, narrative?.body ?? null)).text;
  if (narrative === null) return { body, promptBytes: 0, usage: null, auto: 'the agent could not write its narrative' };
  return { body, promptBytes: narrative.promptBytes, usage: narrative.usage };
}
