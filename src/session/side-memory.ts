import { BoundedMap } from '../bounded-map.js';
import type { AnswerJsonSchema } from '../protocol/answer-schema.js';
import { createCitationMemory, type CitationMemory } from './check-debate-citations.js';
import { createFileMemory, type FileMemory } from './read-debate-file.js';

/**
 * What one side remembers from turn to turn to do less work on the next: made when the side holds
 * its role and dropped with it, never shared with another side (two sides can run in one process).
 */
export interface SideMemory {
  /** Its last read of the debate file (see readDebateFile). */
  file: FileMemory;
  /** The evidence checks it made (see checkDebateCitations). */
  citations: CitationMemory;
  /** Whether it said its agent reports too little for its budget: said once. */
  budgetWarned: boolean;
  /** The JSON Schemas of its answers, by scope (see answerJsonSchema): a turn asks for its own twice. */
  answerSchemas: BoundedMap<string, AnswerJsonSchema>;
}

export function createSideMemory(): SideMemory {
  return { file: createFileMemory(), citations: createCitationMemory(), budgetWarned: false, answerSchemas: new BoundedMap(32) };
}
