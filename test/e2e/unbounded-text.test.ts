import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { sampleReview, useDebateRepos } from '../helpers/e2e.js';
import { scriptedAgent, startCli, waitWhileRunning } from '../helpers/run-cli.js';
import { waitFor } from '../helpers/wait-for.js';

// A peer's section of hundreds of kilobytes must not become a prompt of as much, and an agent's
// answer past the limit must not be written.
const repos = useDebateRepos();

/** A Review of `count` points of about `bytes` each, the first one sampleReview's. */
function bigReview(count: number, bytes: number): string {
  const filler = 'The handler reads the whole request body before it checks the length header. '.repeat(Math.ceil(bytes / 78));
  const points = Array.from({ length: count - 1 }, (_, index) => `### R${index + 2}. Point number ${index + 2}\n**Severity:** low\n\n${filler}\n`);
  return [sampleReview, ...points].join('\n');
}

interface Call {
  stdin: string;
  env: Record<string, string>;
}

describe('unbounded text', () => {
  it("a Review of 380 KB reaches the Responder's agent as its first 16 KB, its open points bounded too, with the rest named by its points", async () => {
    const repo = await repos.repo();
    const review = bigReview(40, 10_000);
    expect(Buffer.byteLength(review)).toBeGreaterThan(380_000);
    const reviewerScript = await repo.script('reviewer', { review });
    const answers = Array.from({ length: 40 }, (_, index) => `### R${index + 1}. Point\n**Agreed**: will fix.\n`).join('\n');
    const responderScript = await repo.script('responder', { response: answers });
    const reviewer = startCli(['--agent', scriptedAgent(reviewerScript.script, reviewerScript.log), '--max-answer-bytes', '1000000', 'HEAD'], { cwd: repo.dir });
    await waitWhileRunning(reviewer, () => reviewer.output().stderr.includes('I am the Reviewer'), 'the Reviewer');
    const responder = startCli(['--agent', scriptedAgent(responderScript.script, responderScript.log), '--max-peer-bytes', '16384', '--max-rounds', '1', 'HEAD'], {
      cwd: repo.dir,
    });
    const [a, b] = await Promise.all([reviewer.exited, responder.exited]);
    expect([a.code, b.code], a.stderr + b.stderr).toEqual([0, 0]);
    const calls = (await readFile(responderScript.log, 'utf8'))
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Call);
    const prompt = calls.find((call) => call.env.CODE_DEBATE_TURN === 'response')?.stdin ?? '';
    // The template and the diff are a few KB; the Review twice over (section and open points) would be 800 KB.
    expect(Buffer.byteLength(prompt)).toBeLessThan(48_000);
    expect(prompt).toContain('### R1. Debug output left in');
    expect(prompt).toMatch(
      /\[code-debate: this section is [\d,]+ bytes, more than the 16,384 bytes of it a prompt carries \(--max-peer-bytes\)\. Above are its first [\d,]+ bytes; read the rest in reply\.md\. The points it speaks of there:/,
    );
    expect(prompt).toContain('- R40. Point number 40');
    expect(prompt).toContain('[code-debate: the rest of R40 is in the Review in reply.md (--max-peer-bytes).]');
  });

  it('an agent answer past --max-answer-bytes fails the turn with the limit named, and nothing is written', async () => {
    const repo = await repos.repo();
    const script = await repo.script('agent', { review: bigReview(30, 10_000) });
    const reviewer = await startCli(['--agent', scriptedAgent(script.script, script.log), '--max-answer-bytes', '65536', 'HEAD'], { cwd: repo.dir }).exited;
    expect(reviewer.code, reviewer.stderr).toBe(4);
    expect(reviewer.stderr).toMatch(/answered `## Review` with 2\d\d,\d{3} bytes, more than the 65,536 an answer may have \(--max-answer-bytes\), so nothing was written/);
    // Not asked again: a re-ask would cost as much and say the same.
    expect((await readFile(script.log, 'utf8')).trim().split('\n')).toHaveLength(1);
    const text = existsSync(repo.file) ? await repo.readReply() : '';
    expect(text).not.toContain('## Review');
  });

  it('an answer under the limit is written whole', async () => {
    const repo = await repos.repo();
    const review = bigReview(5, 10_000);
    const script = await repo.script('agent', { review });
    const reviewer = startCli(['--agent', scriptedAgent(script.script, script.log), '--max-answer-bytes', '65536', 'HEAD'], { cwd: repo.dir });
    await waitFor(async () => existsSync(repo.file) && (await repo.readReply()).includes('### R5. Point number 5'), 'the Review written');
    reviewer.child.kill('SIGINT');
    await reviewer.exited;
    expect(await repo.readReply()).toContain(review.trimEnd().split('\n').at(-1) ?? '');
  });
});
