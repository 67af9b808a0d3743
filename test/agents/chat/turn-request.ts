import type { TurnRequest } from '../../../src/agents/agent.js';
import { turnRequest as baseTurnRequest } from '../../helpers/turn-request.js';

/** A Review turn with a short prompt; a chat agent reads only the prompt, turn, signal and deadline. */
export function turnRequest(overrides: Partial<TurnRequest> = {}): TurnRequest {
  return baseTurnRequest('/nonexistent', overrides);
}
