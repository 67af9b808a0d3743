import type { Agent, TurnRequest } from '../agent.js';
import { CodeDebateError } from '../../errors.js';

/**
 * What one call of an interactive session brings to its side: the answer it submits
 * (`code-debate submit`), or none (`code-debate turn`), when the turn is handed to the session.
 */
export interface SessionCall {
  answer: string | null;
}

/**
 * Thrown by the session agent of a `turn` call when the side's turn comes: the session writes the
 * turn itself, with its own tools, and submits it in a later call. Nothing is written meanwhile.
 */
export class TurnHandedOver extends CodeDebateError {
  override name = 'TurnHandedOver';
  constructor(readonly request: TurnRequest) {
    super(`It is this side's turn to write \`${request.turn}\`: its session writes it and submits it with \`code-debate submit\`.`);
  }
}

/**
 * The agent an interactive session (Claude Code, Codex, Gemini CLI, a shell) plays through
 * `code-debate turn` and `code-debate submit`: the rest of the side (prompt, schema, checks,
 * rendering, compare-and-swap append) is the one every agent goes through.
 */
export function createSessionAgent(call: SessionCall): Agent {
  return {
    name: 'session',
    interactive: true,
    answersOnce: true,
    readsDiffItself: true,
    async writeTurn(request) {
      if (call.answer === null) throw new TurnHandedOver(request);
      return call.answer;
    },
  };
}
