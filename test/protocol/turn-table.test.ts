import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { sectionKinds, type SectionKind } from '../../src/protocol/document.js';
import { classifyHeading, formatHeading } from '../../src/protocol/classify-heading.js';
import {
  answerKindOf,
  firstSection,
  headingForms,
  isAnswering,
  peerOf,
  readSignature,
  renderSignature,
  roleName,
  roleNamed,
  roundOf,
  roundsCompleted,
  turnAfter,
  endsDebate,
  turnOf,
  turnTable,
  writerOf,
} from '../../src/protocol/turn-table.js';
import { templatesDirectory } from '../../src/prompts/load-template.js';

describe('the turn table: what is fixed about each kind of section', () => {
  it('says who writes each kind, and whose turn comes after it', () => {
    expect(sectionKinds.map((kind) => [kind, writerOf(kind), turnAfter(kind)])).toEqual([
      ['review', 'reviewer', 'responder'],
      ['response', 'responder', 'reviewer'],
      ['follow-up', 'reviewer', 'responder'],
      ['consensus', null, null],
    ]);
  });

  it('puts the Review and Response 1 in round 1, Reviewer Follow-up N and Response N+1 in round N+1, the CONSENSUS in none', () => {
    expect(roundOf(firstSection)).toBe(1);
    expect([1, 2, 5].map((n) => roundOf({ kind: 'response', number: n }))).toEqual([1, 2, 5]);
    expect([1, 2, 5].map((n) => roundOf({ kind: 'follow-up', number: n }))).toEqual([2, 3, 6]);
    expect(roundOf({ kind: 'consensus', number: 0 })).toBe(0);
  });

  it('counts the rounds completed by the sections that close one: none before Response 1, a Follow-up opens one but completes none', () => {
    const sections = (...kinds: Array<[SectionKind, number]>) => kinds.map(([kind, number]) => ({ kind, number }));
    expect(roundsCompleted([])).toBe(0);
    expect(roundsCompleted(sections(['review', 0]))).toBe(0);
    expect(roundsCompleted(sections(['review', 0], ['response', 1]))).toBe(1);
    expect(roundsCompleted(sections(['review', 0], ['response', 1], ['follow-up', 1]))).toBe(1);
    expect(roundsCompleted(sections(['review', 0], ['response', 1], ['follow-up', 1], ['response', 2], ['consensus', 0]))).toBe(2);
  });

  it('says which section follows each in the peer’s turn: Review, Response 1, Follow-up 1, Response 2, ..., nothing after a CONSENSUS', () => {
    const walk: { kind: SectionKind; number: number }[] = [firstSection];
    for (let i = 0; i < 5; i++) {
      const last = walk.at(-1) ?? firstSection;
      const next = turnOf(last.kind).next(last.number);
      if (next !== null) walk.push(next);
    }
    expect(walk.map((section) => formatHeading(section.kind, section.number))).toEqual([
      'Review',
      'Response 1',
      'Reviewer Follow-up 1',
      'Response 2',
      'Reviewer Follow-up 2',
      'Response 3',
    ]);
    expect(turnTable.consensus.next()).toBeNull();
  });

  it('writes each heading so that it is read back as the same section', () => {
    for (const kind of sectionKinds) {
      for (const number of kind === 'response' || kind === 'follow-up' ? [1, 12] : [0]) {
        expect(classifyHeading(formatHeading(kind, number))).toEqual({ kind, number });
      }
    }
    expect(sectionKinds.map((kind) => turnTable[kind].heading(3))).toEqual(['Review', 'Response 3', 'Reviewer Follow-up 3', 'CONSENSUS']);
  });

  it('recognises the aliases and letter cases docs/protocol.md accepts, and a CONSENSUS only when no word denies it', () => {
    expect(classifyHeading('Opening')).toEqual({ kind: 'review', number: 0 });
    expect(classifyHeading('  response   2 ')).toEqual({ kind: 'response', number: 2 });
    expect(classifyHeading('Follow-up 4')).toEqual({ kind: 'follow-up', number: 4 });
    expect(classifyHeading('CONSENSUS — reached')).toEqual({ kind: 'consensus', number: 0 });
    expect(classifyHeading('Consensus status: not reached')).toBeNull();
    expect(classifyHeading('CONSENSUS: not yet')).toBeNull();
    expect(classifyHeading('Response')).toBeNull();
    expect(classifyHeading('Summary')).toBeNull();
  });

  it('says after which kind a round ends, so the next writer may close the debate instead', () => {
    expect(sectionKinds.filter((kind) => turnOf(kind).closesRound)).toEqual(['response']);
  });

  it('says a debate is over after the section nothing follows, and not before its first', () => {
    expect(sectionKinds.filter((kind) => endsDebate({ kind }))).toEqual(['consensus']);
    expect(endsDebate(undefined)).toBe(false);
  });

  it('says which kinds carry a number and answer the peer, the kind each role answers in, and how a message names the headings', () => {
    expect(sectionKinds.map((kind) => [kind, turnOf(kind).numbered, turnOf(kind).answers])).toEqual([
      ['review', false, false],
      ['response', true, true],
      ['follow-up', true, true],
      ['consensus', false, false],
    ]);
    expect(sectionKinds.filter(isAnswering)).toEqual(['response', 'follow-up']);
    expect([answerKindOf('reviewer'), answerKindOf('responder')]).toEqual(['follow-up', 'response']);
    expect(headingForms()).toBe('`## Review`, `## Response N`, `## Reviewer Follow-up N` or `## CONSENSUS`');
  });

  it('names a template that exists for each kind', () => {
    expect(sectionKinds.map((kind) => turnTable[kind].template)).toEqual(['review.md', 'response.md', 'follow-up.md', 'consensus.md']);
    for (const kind of sectionKinds) expect(readFileSync(path.join(templatesDirectory, turnTable[kind].template), 'utf8')).not.toBe('');
  });

  it('gives each role its peer and its name, and reads a name back in any letter case', () => {
    expect([peerOf('reviewer'), peerOf('responder')]).toEqual(['responder', 'reviewer']);
    expect([roleName('reviewer'), roleName('responder')]).toEqual(['Reviewer', 'Responder']);
    expect(['reviewer', ' RESPONDER ', 'code-debate', 'Review'].map(roleNamed)).toEqual(['reviewer', 'responder', null, null]);
  });

  it('writes a signature that it reads back, the agent kept to one line of 60 characters', () => {
    const time = new Date('2026-01-02T03:04:05.678Z');
    const line = renderSignature('responder', 'codex · gpt*5\nlong', time);
    expect(line).toBe('*— Responder · codex gpt 5 long · 2026-01-02T03:04:05Z*');
    expect(readSignature(`  ${line}  `)).toEqual({ role: 'Responder', agent: 'codex gpt 5 long', time: '2026-01-02T03:04:05Z' });
    expect(renderSignature('reviewer', 'x'.repeat(80), time)).toBe(`*— Reviewer · ${'x'.repeat(60)} · 2026-01-02T03:04:05Z*`);
    expect(readSignature('*— Reviewer · agent*')).toBeNull();
    expect(readSignature('— Reviewer · agent · 2026-01-02T03:04:05Z')).toBeNull();
  });
});
