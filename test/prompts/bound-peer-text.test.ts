import { describe, expect, it } from 'vitest';
import { boundPoints, boundSection } from '../../src/prompts/bound-peer-text.js';
import type { Point, Section } from '../../src/protocol/document.js';
import { readMarkdown } from '../../src/protocol/read-markdown.js';

const section = (body: string): Section => ({ kind: 'response', number: 1, heading: 'Response 1', line: 5, body, signature: null });
const point = (number: number, text: string): Point => ({ id: `R${number}`, number, title: `Point ${number}`, severity: null, evidence: [], text });

describe('boundSection', () => {
  it('gives a section within the bound whole', () => {
    expect(boundSection(section('### R1. A\n**Agreed**: yes.'), 1_024, 'reply.md')).toBe('## Response 1\n\n### R1. A\n**Agreed**: yes.');
  });

  it('keeps the whole lines that fit, says what was left out and names the points of the rest', () => {
    const body = Array.from({ length: 30 }, (_, index) => `### R${index + 1}. Title ${index + 1}\n**Disagreed**: ${'words '.repeat(40)}`).join('\n\n');
    const bounded = boundSection(section(body), 2_048, 'notes/debate.md');
    const [kept = ''] = bounded.split('\n\n[code-debate:');
    expect(Buffer.byteLength(kept)).toBeLessThanOrEqual(2_048 + '## Response 1\n\n'.length);
    expect(body.startsWith(kept.slice('## Response 1\n\n'.length))).toBe(true);
    expect(bounded).toContain(`this section is ${Buffer.byteLength(body).toLocaleString('en-US')} bytes, more than the 2,048 bytes of it a prompt carries (--max-peer-bytes)`);
    expect(bounded).toContain('read the rest in notes/debate.md');
    expect(bounded).toContain('- R30. Title 30');
    expect(bounded).not.toContain('- R1. Title 1\n');
  });

  it('closes a code block the cut leaves open, so the note after it is prose, not code', () => {
    const body = `### R1. A\n**Disagreed**: see\n\n\`\`\`js\n${'const a = 1;\n'.repeat(400)}\`\`\`\n\n### R2. B\n**Agreed**`;
    const bounded = boundSection(section(body), 1_000, 'reply.md');
    const nodes = readMarkdown(bounded).children;
    const note = nodes.find((node) => node.type === 'paragraph' && JSON.stringify(node).includes('[code-debate: this section is'));
    expect(note).toBeDefined();
    expect(nodes.filter((node) => node.type === 'code').every((node) => !node.value.includes('code-debate'))).toBe(true);
    expect(bounded).toContain('- R2. B');
  });

  it('never cuts a character in two', () => {
    const bounded = boundSection(section('é'.repeat(5_000)), 1_025, 'reply.md');
    expect(bounded).not.toContain('\uFFFD');
    expect(bounded).toContain(`Above are its first 1,024 bytes`);
  });
});

describe('boundPoints', () => {
  it('lists points within the bound whole, and past it each point by its first line and a share of the rest', () => {
    const points = [point(1, '### R1. Short\nfine'), point(2, `### R2. Long\n${'text '.repeat(2_000)}`)];
    expect(boundPoints(points.slice(0, 1), 1_024, 'reply.md')).toBe('### R1. Short\nfine');
    const bounded = boundPoints(points, 1_024, 'reply.md');
    expect(Buffer.byteLength(bounded)).toBeLessThan(1_024 + 200);
    expect(bounded).toContain('### R1. Short\nfine');
    expect(bounded).toContain('### R2. Long\n');
    expect(bounded).toContain('[code-debate: the rest of R2 is in the Review in reply.md (--max-peer-bytes).]');
  });
});
