import { describe, expect, it } from 'vitest';
import type { ExpectedFinding } from '../../src/eval/eval-case.js';
import { matchesFinding, type MatchablePoint } from '../../src/eval/match-finding.js';

const finding: ExpectedFinding = {
  file: 'src/a.js',
  line: 10,
  endLine: 12,
  tolerance: 2,
  minSeverity: null,
  keyword: null,
  kind: 'race',
  what: 'the cache is read before the write lands',
};
const point = (evidence: MatchablePoint['evidence'], more: Partial<MatchablePoint> = {}): MatchablePoint => ({ severity: 'medium', evidence, title: 'A point', text: '', ...more });
const at = (line: number, endLine = line, path = 'src/a.js') => ({ path, line, endLine });

describe('matchesFinding', () => {
  it('matches a point citing the same file at lines overlapping the finding widened by its tolerance, and no further', () => {
    const same = { title: 'A race on the cache' };
    expect(matchesFinding(point([at(11)], same), finding)).toBe(true);
    expect(matchesFinding(point([at(8)], same), finding)).toBe(true);
    expect(matchesFinding(point([at(14)], same), finding)).toBe(true);
    expect(matchesFinding(point([at(7)], same), finding)).toBe(false);
    expect(matchesFinding(point([at(15)], same), finding)).toBe(false);
    // A range that starts before and ends after the widened lines overlaps them.
    expect(matchesFinding(point([at(1, 30)], same), finding)).toBe(true);
    expect(matchesFinding(point([at(1, 7)], same), finding)).toBe(false);
  });

  it("credits a point on the bug's own lines by place; one only near them when it shares a word with what the finding says", () => {
    // The built-in agent's generic point on the first line a file gains, two lines from a race.
    const generic = { title: 'Source changed without any test change', text: 'src/a.js changed and no test did.' };
    expect(matchesFinding(point([at(10)], generic), finding)).toBe(true);
    expect(matchesFinding(point([at(14)], generic), finding)).toBe(false);
    expect(matchesFinding(point([at(14)], { title: 'A missing await' }), finding)).toBe(false);
    // Its kind, or a word of what it says, in the title or the text, in any letter case.
    expect(matchesFinding(point([at(14)], { title: 'RACE between two requests' }), finding)).toBe(true);
    expect(matchesFinding(point([at(14)], { text: 'The write can land after the read.' }), finding)).toBe(true);
    // Words too common to tell one bug from another do not count.
    expect(matchesFinding(point([at(14)], { title: 'Where the value comes from' }), finding)).toBe(false);
  });

  it('needs the same file, whatever its spelling of the same path, and any one of its citations', () => {
    expect(matchesFinding(point([at(11, 11, 'src/b.js')]), finding)).toBe(false);
    expect(matchesFinding(point([at(11, 11, './src/a.js')]), finding)).toBe(true);
    expect(matchesFinding(point([at(11, 11, 'src\\a.js')]), finding)).toBe(true);
    expect(matchesFinding(point([at(40, 40, 'src/b.js'), at(12)]), finding)).toBe(true);
  });

  it('never matches a point that cites nothing', () => {
    expect(matchesFinding(point([]), finding)).toBe(false);
  });

  it('needs a severity at or above the least the finding sets, and none when it sets none', () => {
    const high = { ...finding, minSeverity: 'high' as const };
    expect(matchesFinding(point([at(10)], { severity: 'critical' }), high)).toBe(true);
    expect(matchesFinding(point([at(10)], { severity: 'high' }), high)).toBe(true);
    expect(matchesFinding(point([at(10)], { severity: 'medium' }), high)).toBe(false);
    expect(matchesFinding(point([at(10)], { severity: null }), high)).toBe(false);
    expect(matchesFinding(point([at(10)], { severity: 'nit' }), finding)).toBe(true);
  });

  it('needs the keyword, when the finding sets one, in the title or the text, in any letter case', () => {
    const keyed = { ...finding, keyword: 'Off-by-one' };
    expect(matchesFinding(point([at(10)], { title: 'An off-by-one in the loop' }), keyed)).toBe(true);
    expect(matchesFinding(point([at(10)], { text: 'The loop is OFF-BY-ONE.' }), keyed)).toBe(true);
    expect(matchesFinding(point([at(10)], { title: 'The loop runs too far' }), keyed)).toBe(false);
  });
});
