import { describe, expect, it } from 'vitest';
import { sectionKinds, severities } from '../../src/protocol/document.js';

describe('document vocabulary', () => {
  it('names the four section kinds of PROTOCOL.md', () => {
    expect(sectionKinds).toEqual({ review: 'review', response: 'response', followUp: 'follow-up', consensus: 'consensus' });
  });

  it('orders the severities from critical to nit', () => {
    expect(severities).toEqual(['critical', 'high', 'medium', 'low', 'nit']);
  });
});
