import { AgentError } from '../../errors.js';
import { scopeOf } from '../../protocol/read-agent-answer.js';
import type { Agent, TurnRequest } from '../agent.js';
import { decidePosition } from './decide-position.js';
import { findProblems, summarizeScan } from './find-problems.js';
import { judgePoint } from './judge-point.js';
import { loadCheckContext } from './load-check-context.js';
import { parseUnifiedDiff, type DiffFile } from './parse-unified-diff.js';
import { readOpenPoints } from './read-open-points.js';
import { writeConsensus } from './write-consensus.js';
import { writeFollowUp } from './write-follow-up.js';
import { writeResponse } from './write-response.js';
import { writeReview } from './write-review.js';

/**
 * `--agent builtin`: an offline, deterministic, rule-based agent. It reviews the added lines of
 * the diff with a fixed table of rules, answers points by checking their `path:line` evidence
 * in the change and the work tree (reading only), and follows up by re-checking. It answers each
 * turn with the JSON of the turn's schema (see answerSchemaFor), the CONSENSUS with its narrative.
 * It needs no network and no model, and says so in every section it writes.
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
    case 'response':
    case 'follow-up':
      return writeAnswers(request, request.turn, files);
    case 'consensus':
      return writeConsensus(request.document);
  }
}

/**
 * A Response or a Reviewer Follow-up: every open point of the other side judged and answered,
 * every open point of its own re-checked and held, as the turn's scope names them.
 */
async function writeAnswers(request: TurnRequest, turn: 'response' | 'follow-up', files: readonly DiffFile[]): Promise<string> {
  const scope = scopeOf(turn, request.role, request.document);
  const open = readOpenPoints(request.document);
  const toAnswer = scope.toAnswer.flatMap((id) => open.get(id) ?? []);
  const toHold = scope.toHold.flatMap((id) => open.get(id) ?? []);
  const points = [...toAnswer, ...toHold].map(({ point }) => point);
  const context = await loadCheckContext(request.cwd, points, files, request.signal).catch(rethrow(request));
  stopIfAborted(request);
  const judgements = toAnswer.map(({ point }) => judgePoint(point, context));
  const answerer = turn === 'response' ? 'the follow-up' : 'the response';
  const positions = toHold.map(({ point, answer, answerWords }) => decidePosition(answer, answerWords, judgePoint(point, context), answerer));
  return turn === 'response' ? writeResponse(scope, judgements, positions) : writeFollowUp(scope, positions, judgements);
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
