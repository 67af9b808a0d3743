/**
 * A position: what a side states on an open point, one vocabulary for both sides. The side that
 * did not raise the point answers it (an AnswerPosition); the side that raised it holds it, or lets
 * it go (a HeldPosition). Each is written as its label, in the file and in the agents' JSON.
 */
export const answerPositions = ['agreed', 'partially-agreed', 'disagreed'] as const;
export type AnswerPosition = (typeof answerPositions)[number];

/** `conceded-part` accepts the other side's answer in part. */
export const heldPositions = ['maintained', 'withdrawn', 'accepted', 'conceded-part'] as const;
export type HeldPosition = (typeof heldPositions)[number];

/** Either side's: the one vocabulary. */
export type Position = AnswerPosition | HeldPosition;

/** Each label as it is written, in the file and in the agents' JSON. */
export const positionLabels: Record<Position, string> = {
  agreed: 'Agreed',
  'partially-agreed': 'Partially agreed',
  disagreed: 'Disagreed',
  maintained: 'Maintained',
  withdrawn: 'Withdrawn',
  accepted: 'Accepted',
  'conceded-part': 'Partially accepted',
};

/** The labels of `among`, in its order. */
export function labelsOf(among: readonly Position[]): string[] {
  return among.map((position) => positionLabels[position]);
}

/** The position of `among` that `label` is written as, or undefined. */
export function positionLabelled<P extends Position>(among: readonly P[], label: string): P | undefined {
  return among.find((position) => positionLabels[position] === label);
}
