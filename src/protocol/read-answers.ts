import type { LabelKind } from './label-words.js';
import { readBlockLabels, readTableLabels, readTextLabels, settleLabels, type FoundLabel, type LabelReading } from './read-labels.js';
import { splitPointBlocks, type PointBlock } from './split-point-blocks.js';

/** What a section says about one point: its label of one kind, read by the grammar, and its Markdown. */
export interface PointAnswer<K extends LabelKind> {
  id: string;
  number: number;
  reading: LabelReading<K>;
  /** The Markdown about the point: its block, or its table rows. */
  text: string;
  /** The block that speaks of it; null when only a table row names it. */
  block: PointBlock | null;
}

/**
 * Every point a section body speaks of, in order, with its label of `kind`: from its blocks (all
 * of them, should it be answered twice) and from the rows of the section's tables that name it.
 */
export function readAnswers<K extends LabelKind>(kind: K, body: string): Array<PointAnswer<K>> {
  const tables = readTableLabels(kind, body);
  const answers = new Map<string, PointAnswer<K>>();
  const found = new Map<string, Array<FoundLabel<K>>>();
  for (const block of splitPointBlocks(body)) {
    const id = `R${block.number}`;
    const earlier = answers.get(id);
    // A point answered twice is read from both answers: two different labels are a conflict.
    const labels = [...(found.get(id) ?? tables.get(block.number) ?? []), ...readBlockLabels(kind, block)];
    found.set(id, labels);
    answers.set(id, { id, number: block.number, reading: settleLabels(labels), text: earlier ? `${earlier.text}\n\n${block.text}` : block.text, block: earlier?.block ?? block });
  }
  for (const [number, found] of tables) {
    const id = `R${number}`;
    if (!answers.has(id)) answers.set(id, { id, number, reading: settleLabels(found), text: rowsOf(found), block: null });
  }
  return [...answers.values()];
}

/**
 * The label of `kind` in a body that speaks of a single point without marking it (a prose
 * response to a one-point review, a prose follow-up): its first words, emphasis, key lines, and
 * table rows naming point `number`.
 */
export function readWholeAnswer<K extends LabelKind>(kind: K, body: string, number: number): LabelReading<K> {
  return settleLabels([...readTextLabels(kind, body), ...(readTableLabels(kind, body).get(number) ?? [])]);
}

function rowsOf(found: ReadonlyArray<FoundLabel>): string {
  return [...new Set(found.map((label) => label.line))].join('\n');
}
