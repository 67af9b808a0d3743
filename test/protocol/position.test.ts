import { describe, expect, it } from 'vitest';
import { answerPositions, heldPositions, positionLabels } from '../../src/protocol/position.js';

describe('positions', () => {
  it('are the three an answer takes and the four the raising side holds', () => {
    expect(answerPositions).toEqual(['agreed', 'partially-agreed', 'disagreed']);
    expect(heldPositions).toEqual(['maintained', 'withdrawn', 'accepted', 'conceded-part']);
  });

  it('are each written as one label', () => {
    expect(positionLabels).toEqual({
      agreed: 'Agreed',
      'partially-agreed': 'Partially agreed',
      disagreed: 'Disagreed',
      maintained: 'Maintained',
      withdrawn: 'Withdrawn',
      accepted: 'Accepted',
      'conceded-part': 'Partially accepted',
    });
  });
});
