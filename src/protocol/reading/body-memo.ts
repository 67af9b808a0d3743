import { memoizeText, memoLimits } from '../memoize-text.js';
import { readSummary, type BodyReadings } from '../read-section.js';
import { splitPointBlocks, type PointBlock } from '../split-point-blocks.js';

/**
 * Section bodies' readings (see BodyReadings), each read once while the reader reads the debate:
 * a section never changes once written, yet a turn reads each new body several times (the point
 * walk, the ledger's, whether it is prose) and a file rewritten from the start keeps its
 * sections' words. Bounded by memoLimits; what it returns is frozen, as its readers share it.
 */
export function createBodyMemo(): BodyReadings {
  const blocks = memoizeText((body: string): readonly PointBlock[] => Object.freeze(splitPointBlocks(body).map((block) => Object.freeze({ ...block }))), memoLimits.sections);
  const summary = memoizeText((body: string) => readSummary(body, blocks(body)), memoLimits.sections);
  return { blocks, summary: (body) => summary(body) };
}
