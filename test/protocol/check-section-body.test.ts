import { describe, expect, it } from 'vitest';
import { checkSectionBody } from '../../src/protocol/check-section-body.js';
import { parseOk } from './parse-ok.js';

const review = '## Review\n\n### R1. Unchecked result\n**Severity:** high\n\n### R2. Missing test\n**Severity:** low\n';
const afterReview = parseOk(review);
const afterResponseText = `${review}\n---\n\n## Response 1\n\n### R1\n**Agreed**\n\n### R2\n**Disagreed**: it is tested.\n`;
const afterResponse = parseOk(afterResponseText);

describe('checkSectionBody: a review', () => {
  it('accepts numbered points that each have a severity', () => {
    expect(checkSectionBody('review', '### R1. A\n**Severity:** nit\n', parseOk(''))).toEqual([]);
  });

  it('refuses prose without a numbered point', () => {
    expect(checkSectionBody('review', 'Looks good to me.', parseOk(''))).toEqual([
      'It raises no numbered point: write each point under its own heading `### R1. <title>`, `### R2. <title>`, ...',
    ]);
  });

  it('names the points without a severity', () => {
    expect(checkSectionBody('review', '### R1. A\n**Severity:** high\n\n### R2. B\ntext\n\n### R3. C\ntext', parseOk(''))).toEqual([
      'R2 and R3 have no severity: add a line `**Severity:** critical|high|medium|low|nit` to each point.',
    ]);
  });
});

describe('checkSectionBody: a response', () => {
  it('accepts a categorized answer to every open point', () => {
    expect(checkSectionBody('response', '### R1\n**Agreed**\n\n### R2\n**Partially agreed**: half.', afterReview)).toEqual([]);
  });

  it('names open points left unanswered and answers without a category, never guessing', () => {
    expect(checkSectionBody('response', '### R1\nI see what you mean.', afterReview)).toEqual([
      'It does not answer R2: answer every open point under its own heading `### R1. <title>`.',
      'It does not categorize R1: start each answer with **Agreed**, **Partially agreed** or **Disagreed**.',
    ]);
  });

  it('asks only about the points still open', () => {
    const afterFollowUp = parseOk(`${afterResponseText}\n---\n\n## Reviewer Follow-up 1\n\n### R2\n**Maintained**\n`);
    expect(checkSectionBody('response', '### R2\n**Agreed**', afterFollowUp)).toEqual([]);
  });
});

describe('checkSectionBody: a follow-up', () => {
  it('accepts replies to open points and a new point with the next id', () => {
    expect(checkSectionBody('follow-up', '### R2\n**Maintained**\n\n### R3. New\n**Severity:** low', afterResponse)).toEqual([]);
  });

  it('refuses to reopen a point already resolved', () => {
    expect(checkSectionBody('follow-up', '### R1\n**Maintained**\n\n### R2\n**Maintained**', afterResponse)).toEqual([
      'It addresses R1, already resolved: a follow-up speaks only of the points still open (or raises a new one with the next free id).',
    ]);
  });
});

it('takes any narrative for a CONSENSUS', () => {
  expect(checkSectionBody('consensus', 'All good.', afterResponse)).toEqual([]);
});

