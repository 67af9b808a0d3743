import { appendFile, readFile, writeFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { parseDocument } from '../../src/protocol/parse-document.js';
import { headingsOf } from '../helpers/debate-repo.js';
import { useDebateRepos } from '../helpers/e2e.js';
import { scriptedAgent, startCli, waitWhileRunning } from '../helpers/run-cli.js';

const repos = useDebateRepos();

/** A plain peer's Review whose last point ends inside a block it never closes. */
const reviewEndingIn = (open: string) => `# Code Debate: HEAD\n\n## Review\n\n### 1. Debug output left in\n**Severity:** medium\n\nThe log at src/app.js:2 prints:\n\n${open}`;

const openBlocks = [
  ['a backtick fence', '```js\nconsole.log(name);\n'],
  ['a tilde fence', '~~~~\nconsole.log(name);\n'],
  ['<pre>', '<pre>\nhi Ada\n'],
  ['<script>', '<script>\nconsole.log(name);\n'],
  ['an HTML comment', '<!-- to check: is the log intended?\n'],
  // A lone CR ends a line for the parser: the read-back must count lines as it does (no false exit 5).
  ['a fence holding pasted progress output with lone CRs', '```\nnpm install 10%\r50%\r100%\n'],
] as const;

const response = '### R1. Debug output left in\n**Agreed**: it goes.\n';

/** The sections a CommonMark reader sees, as `## heading` lines. */
function sectionsOf(text: string): string[] {
  const parsed = parseDocument(text);
  if (!parsed.ok) throw parsed.error;
  return parsed.document.sections.map((section) => `## ${section.heading}`);
}

async function agentCalls(log: string): Promise<number> {
  return (await readFile(log, 'utf8').catch(() => '')).split('\n').filter(Boolean).length;
}

describe('a peer section that leaves a block open', () => {
  it.each(openBlocks)('ends inside %s: the Responder closes it, writes exactly one section and asks its agent once', async (_, open) => {
    const repo = await repos.repo();
    const review = reviewEndingIn(open);
    await writeFile(repo.file, review);
    const script = await repo.script('responder', { response });
    const responder = startCli(['--role', 'responder', '--agent', scriptedAgent(script.script, script.log), 'HEAD'], { cwd: repo.dir });
    await waitWhileRunning(responder, async () => headingsOf(await repo.readReply()).includes('## Response 1'), 'the Response');
    // A plain peer appends its CONSENSUS with the shell: the Responder must see it and stop.
    await appendFile(repo.file, '\n---\n\n## CONSENSUS\nAgreed: remove the log.\n');
    const result = await responder.exited;
    expect(result.code, result.stderr).toBe(0);
    const text = await repo.readReply();
    // The peer's bytes are untouched; a line-oriented peer and a CommonMark reader see the same sections.
    expect(text.startsWith(review)).toBe(true);
    expect(headingsOf(text)).toEqual(['## Review', '## Response 1', '## CONSENSUS']);
    expect(sectionsOf(text)).toEqual(['## Review', '## Response 1', '## CONSENSUS']);
    expect(await agentCalls(script.log)).toBe(1);
  });

  it('left open and not closed (the closer switched off): the side stops with exit 5 after one write, naming the line', async () => {
    const repo = await repos.repo();
    await writeFile(repo.file, reviewEndingIn('```\nconsole.log(name);\n'));
    const script = await repo.script('responder', { response });
    const responder = startCli(['--role', 'responder', '--agent', scriptedAgent(script.script, script.log), 'HEAD'], {
      cwd: repo.dir,
      env: { CODE_DEBATE_FAULT: 'block-closer=none' },
    });
    const result = await responder.exited;
    expect(result.code, result.stderr).toBe(5);
    const text = await repo.readReply();
    const line = text.split('\n').indexOf('## Response 1') + 1;
    expect(result.stderr).toContain(`Wrote \`## Response 1\` at line ${line} of reply.md, but reading the file back, its last section is \`## Review\` at line 3`);
    expect(result.stderr).toContain('Stopped rather than write the turn again');
    expect(headingsOf(text)).toEqual(['## Review', '## Response 1']);
    expect(await agentCalls(script.log)).toBe(1);
  });
});
