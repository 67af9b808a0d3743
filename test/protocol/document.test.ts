import { describe, expect, it } from 'vitest';
import { sectionKinds, severities } from '../../src/protocol/document.js';

describe('document vocabulary', () => {
  it('names the four section kinds of the protocol, in the order a debate writes them', () => {
    expect(sectionKinds).toEqual(['review', 'response', 'follow-up', 'consensus']);
  });

  it('orders the severities from critical to nit', () => {
    expect(severities).toEqual(['critical', 'high', 'medium', 'low', 'nit']);
  });
});
