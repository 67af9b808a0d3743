import { describe, expect, it } from 'vitest';
import { repeatsText } from '../../src/protocol/repeated-text.js';

const review = 'The loop bound reads one past the end of the array. `total` becomes NaN for every cart. Use `<` instead of `<=`.';

describe('repeatsText', () => {
  it('tells an answer that copies the other side, word for word or nearly, from one in its own words', () => {
    expect(repeatsText(review, review)).toBe(true);
    expect(repeatsText('The loop bound reads one past the end of the array.', review)).toBe(true);
    expect(repeatsText('the loop bound reads one past the end of the Array!  `total` becomes NaN for each cart.', review)).toBe(true);
    expect(repeatsText('I ran it: sum([1, 2]) returns NaN, since items[2] is undefined at the last step of the loop.', review)).toBe(false);
    // Mostly its own, one sentence quoted: its own.
    expect(
      repeatsText(
        'As the review says, the loop bound reads one past the end of the array. I checked cart.test.js and no test covers an empty cart, so I ran one: it returns NaN and the page shows it.',
        review,
      ),
    ).toBe(false);
  });

  it('counts no short sentence either way: "Agreed, fix it." is neither copied nor its own', () => {
    expect(repeatsText('Fix it.', 'Fix it.')).toBe(false);
    expect(repeatsText('', review)).toBe(false);
  });
});
