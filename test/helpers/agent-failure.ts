import { AgentError } from '../../src/errors.js';

/** The AgentError a turn fails with; a turn that succeeds, or fails otherwise, fails the test. */
export async function failure(turn: Promise<unknown>): Promise<AgentError> {
  const error: unknown = await turn.then(
    (text) => new Error(`expected the turn to fail, it returned ${JSON.stringify(text)}`),
    (caught: unknown) => caught,
  );
  if (!(error instanceof AgentError)) throw error;
  return error;
}
