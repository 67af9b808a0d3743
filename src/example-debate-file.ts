import path from 'node:path';

/** A debate file to name in advice when `refused` was refused: `reply.md`, unless that is the one refused. */
export function exampleDebateFile(refused: string): string {
  return path.normalize(refused) === 'reply.md' ? 'debate.md' : 'reply.md';
}
