import { AgentError } from '../../errors.js';
import { trackPoints } from '../../protocol/track-points.js';
import type { Agent, TurnRequest } from '../agent.js';
import { findProblems, summarizeScan } from './find-problems.js';
import { judgePoint } from './judge-point.js';
import { loadCheckContext } from './load-check-context.js';
import { parseUnifiedDiff } from './parse-unified-diff.js';
import { writeConsensus } from './write-consensus.js';
import { decideFollowUp, readOpenReplies, writeFollowUp } from './write-follow-up.js';
import { writeResponse } from './write-response.js';
import { writeReview } from './write-review.js';

/**
 * `--agent builtin`: an offline, deterministic, rule-based agent. It reviews the added lines of
 * the diff with a fixed table of rules, answers points by checking their `path:line` evidence
 * in the change and the work tree (reading only), and follows up by re-checking. It needs no
 * network and no model, and says so in every section it writes.
 */
export function createBuiltinAgent(): Agent {
  return { name: 'builtin', writeTurn: writeBuiltinTurn };
}

async function writeBuiltinTurn(request: TurnRequest): Promise<string> {
  stopIfAborted(request);
  const files = parseUnifiedDiff(request.subject.diff);
  switch (request.turn) {
    case 'review':
      return writeReview(findProblems(files), summarizeScan(files));
    case 'response': {
      const open = trackPoints(request.document).filter((state) => !state.resolved).map((state) => state.point);
      const context = await loadCheckContext(request.cwd, open, files, request.signal).catch(rethrow(request));
      stopIfAborted(request);
      return writeResponse(open.map((point) => judgePoint(point, context)));
    }
    case 'follow-up': {
      const open = readOpenReplies(request.document, request.round);
      const points = open.map(({ point }) => point);
      const context = await loadCheckContext(request.cwd, points, files, request.signal).catch(rethrow(request));
      stopIfAborted(request);
      return writeFollowUp(
        open.map(({ point, category, reply }) => {
          const judgement = judgePoint(point, context);
          return { reply: decideFollowUp(category, reply, judgement), judgement };
        }),
      );
    }
    case 'consensus':
      return writeConsensus(request.document);
  }
}

function stopIfAborted(request: TurnRequest): void {
  if (request.signal.aborted) {
    throw new AgentError(`The built-in agent stopped its ${request.turn} turn: the turn was aborted.`, 'interrupted', { cause: request.signal.reason });
  }
}

function rethrow(request: TurnRequest): (error: unknown) => never {
  return (error) => {
    stopIfAborted(request);
    throw new AgentError(`The built-in agent could not read the work tree at ${request.cwd} for its ${request.turn} turn.`, 'crashed', { cause: error });
  };
}
