import { appendFile, copyFile, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { findHistoryChange } from '../../src/protocol/find-history-change.js';
import { expectEndedWhole, sampleReview, useDebateRepos, type DebateRepo } from '../helpers/e2e.js';
import { startCli, type Running, waitWhileRunning } from '../helpers/run-cli.js';
import { waitFor } from '../helpers/wait-for.js';
import { gatedAgent } from './gated-agent.js';

const repos = useDebateRepos();

/** Saves `text` over `file` as most editors do: a new file renamed over the old one. */
async function editorSave(file: string, text: string): Promise<void> {
  const temporary = path.join(path.dirname(file), `.${path.basename(file)}.swp`);
  await writeFile(temporary, text);
  await rename(temporary, file);
}

/** The copy a side saved, as its report names it. */
function savedCopy(process: Running): string | undefined {
  return /The text as it was is saved in (\S+?): `cp /.exec(process.output().stderr)?.[1];
}

/** Starts a side and stops it after the test if it is still running. */
function side(repo: DebateRepo, args: string[]): Running {
  const running = startCli([...args, 'HEAD'], { cwd: repo.dir });
  repos.onCleanup(async () => {
    running.child.kill('SIGTERM');
    await running.exited;
  });
  return running;
}

const review = '# Code Debate: HEAD\n\n## Review\n\n### R1. A point\n**Severity:** low\n\n*— Reviewer · x · 2026-01-01T00:00:00Z*\n\n';
const response = '---\n\n## Response 1\n\n### R1. A point\n**Agreed**\n\n';

describe('findHistoryChange', () => {
  it('accepts what only adds to the text, or only reformats it', () => {
    expect(findHistoryChange(review, review + response)).toBeNull();
    expect(findHistoryChange(review, `${review}A note from a person.\n`)).toBeNull();
    expect(findHistoryChange(review, `\uFEFF${review.replace(/\n/g, '  \r\n')}\r\n\r\n${response}`)).toBeNull();
    expect(findHistoryChange('', 'anything')).toBeNull();
    expect(findHistoryChange('# Code Debate: HEAD\n\n## Review\n\nunfinished li', '# Code Debate: HEAD\n\n## Review\n\nunfinished line\n')).toBeNull();
  });

  it('names what is gone or rewritten, and the line it starts at', () => {
    expect(findHistoryChange(review + response, review)).toEqual({ description: '`## Response 1` (line 12) is gone', line: 12 });
    expect(findHistoryChange(review + response, (review + response).replace('**Agreed**', '**Disagreed**'))).toEqual({
      description: 'the text of `## Response 1` (line 12) was rewritten at line 15',
      line: 15,
    });
    expect(findHistoryChange(review, null)).toEqual({ description: 'it was deleted', line: 1 });
    expect(findHistoryChange(review, '\n')).toEqual({ description: 'it was emptied', line: 1 });
    expect(findHistoryChange(review, review.replace('HEAD', 'main'))).toEqual({ description: 'its opening lines were rewritten (line 1)', line: 1 });
  });
});

describe('a person or an editor changes the file (case 5)', () => {
  it('an appended line, then an editor saving by temp file and rename: each reported as not a turn, the notes kept', async () => {
    const repo = await repos.repo();
    const agent = await gatedAgent(repo);
    const reviewer = side(repo, ['--agent', agent.spec]);
    await waitWhileRunning(reviewer, () => reviewer.output().stderr.includes("waiting for the Responder's turn"), 'the Review');
    await appendFile(repo.file, 'A note from a person.\n');
    await waitWhileRunning(reviewer, () => reviewer.output().stderr.match(/not a turn, still waiting/g)?.length === 1, 'the note to be seen');
    await editorSave(repo.file, `${await repo.readReply()}\nA note saved by an editor.\n`);
    await waitWhileRunning(reviewer, () => reviewer.output().stderr.match(/not a turn, still waiting/g)?.length === 2, 'the save to be seen');
    const responder = side(repo, ['--agent', agent.spec]);
    const [a, b] = await Promise.all([reviewer.exited, responder.exited]);
    expect([a.code, b.code], a.stderr + b.stderr).toEqual([0, 0]);
    const text = await repo.readReply();
    expectEndedWhole(text);
    expect(text).toContain('A note from a person.\n\nA note saved by an editor.\n\n---\n\n## Response 1');
    expect(a.stderr + b.stderr).not.toContain('not by appending');
    expect(await agent.calls()).toEqual(['review', 'response', 'consensus']);
  });

  it('a note appended while the agent writes costs no turn: the answer is appended after it, the agent asked once', async () => {
    const repo = await repos.repo();
    const agent = await gatedAgent(repo);
    await agent.hold('response');
    const reviewer = side(repo, ['--agent', agent.spec]);
    await waitWhileRunning(reviewer, () => reviewer.output().stderr.includes('I am the Reviewer'), 'the Reviewer');
    const responder = side(repo, ['--agent', agent.spec]);
    await agent.started('response');
    await appendFile(repo.file, 'A note from a person, mid-turn.\n');
    await waitWhileRunning(reviewer, () => reviewer.output().stderr.includes('not a turn, still waiting'), 'the Reviewer to see the note');
    await agent.release('response');
    const [a, b] = await Promise.all([reviewer.exited, responder.exited]);
    expect([a.code, b.code], a.stderr + b.stderr).toEqual([0, 0]);
    const text = await repo.readReply();
    expectEndedWhole(text);
    expect(text).toMatch(/A note from a person, mid-turn\.\n\n---\n\n## Response 1\n/);
    expect(b.stderr).not.toContain('no longer stands');
    expect(await agent.calls()).toEqual(['review', 'response', 'consensus']);
  });

  it('an earlier section edited by hand: both sides name keep-edit, which keeps the edit, and the debate goes on from it', async () => {
    const repo = await repos.repo();
    const agent = await gatedAgent(repo);
    await agent.hold('response');
    const reviewer = side(repo, ['--agent', agent.spec]);
    await waitWhileRunning(reviewer, () => reviewer.output().stderr.includes('I am the Reviewer'), 'the Reviewer');
    const responder = side(repo, ['--agent', agent.spec]);
    await agent.started('response');
    const before = await repo.readReply();
    await editorSave(repo.file, before.replace('**Severity:** medium', '**Severity:** low'));
    await waitWhileRunning(reviewer, () => reviewer.output().stderr.includes('`code-debate keep-edit` keeps the file as it is now'), 'the Reviewer to name keep-edit');

    const kept = await startCli(['keep-edit'], { cwd: repo.dir }).exited;
    expect(kept.code, kept.stdout + kept.stderr).toBe(0);
    expect(kept.stdout).toMatch(/^Kept the edit of reply\.md \(the text of `## Review` \(line \d+\) was rewritten at line \d+\): both sides go on/);
    await waitWhileRunning(reviewer, () => reviewer.output().stderr.includes('was edited by hand and the edit kept'), 'the Reviewer to go on');
    // The Responder's answer was to the text before the edit: it is asked again, on the text kept.
    await agent.release('response');
    const [a, b] = await Promise.all([reviewer.exited, responder.exited]);
    expect([a.code, b.code], a.stderr + b.stderr).toEqual([0, 0]);
    expect(b.stderr).toContain('was edited by hand and the edit kept');
    const text = await repo.readReply();
    expectEndedWhole(text);
    expect(text).toContain('**Severity:** low');
    expect(text).toMatch(/\n<!-- code-debate: a hand edit was kept \(the text of `## Review`.*\n\n---\n\n## Response 1\n/);
    expect(await agent.calls()).toEqual(['review', 'response', 'response', 'consensus']);
    const again = await startCli(['keep-edit'], { cwd: repo.dir }).exited;
    expect(again.code).toBe(2);
    expect(again.stdout).toContain('there is no edit to keep');
  });

  it('an editor with an old buffer overwrites Response 1: no side takes it for a turn, both save it, and restoring it goes on', async () => {
    const repo = await repos.repo();
    const agent = await gatedAgent(repo);
    await agent.hold('consensus');
    const reviewer = side(repo, ['--agent', agent.spec]);
    await waitWhileRunning(reviewer, () => reviewer.output().stderr.includes('I am the Reviewer'), 'the Reviewer');
    const responder = side(repo, ['--agent', agent.spec]);
    await agent.started('consensus');
    const full = await readFile(repo.file);
    const oldBuffer = `${full.toString('utf8').slice(0, full.toString('utf8').indexOf('---\n\n## Response 1'))}Edited in an old buffer.\n`;
    await editorSave(repo.file, oldBuffer);

    const responderCopy = await waitFor(() => savedCopy(responder), 'the Responder to report the lost section');
    const line = full.toString('utf8').split('\n').indexOf('## Response 1') + 1;
    expect(responder.output().stderr).toContain(
      `reply.md changed, and not by appending: \`## Response 1\` (line ${line}) is gone. Not a turn; nothing is written on it. ` +
        `The text as it was is saved in ${responderCopy}: \`cp ${responderCopy} reply.md\` restores it and the debate goes on; ` +
        'or `code-debate keep-edit` keeps the file as it is now, the edit recorded in it, and the debate goes on from there.',
    );
    expect(responderCopy).toMatch(new RegExp(`^${repo.dir}/\\.git/code-debate/reply\\.md-[0-9a-f]{8}/recovered/.+-reply\\.md$`));
    expect((await readFile(responderCopy)).equals(full)).toBe(true);

    // The Reviewer's agent finishes the CONSENSUS it began on Response 1: it is not written on the old buffer.
    await agent.release('consensus');
    const reviewerCopy = await waitFor(() => savedCopy(reviewer), 'the Reviewer to report the lost section');
    expect(reviewer.output().stderr).toContain('did not write ## CONSENSUS: the file changed while the agent was writing');
    expect((await readFile(reviewerCopy)).equals(full)).toBe(true);
    expect(await repo.readReply()).toBe(oldBuffer);

    await copyFile(responderCopy, repo.file);
    const [a, b] = await Promise.all([reviewer.exited, responder.exited]);
    expect([a.code, b.code], a.stderr + b.stderr).toEqual([0, 0]);
    for (const exit of [a, b]) expect(exit.stderr).toContain('reply.md holds the debate as it was again: going on');
    const text = await repo.readReply();
    expect(text.startsWith(full.toString('utf8'))).toBe(true);
    expectEndedWhole(text);
    // Response 1 was written once; the CONSENSUS asked for twice, written once.
    expect(await agent.calls()).toEqual(['review', 'response', 'consensus', 'consensus']);
  });

  it('the file is deleted: reported, saved, never recreated; past --turn-timeout, exit 5 naming the copy', async () => {
    const repo = await repos.repo();
    const agent = await gatedAgent(repo);
    const reviewer = side(repo, ['--agent', agent.spec, '--turn-timeout', '5s']);
    await waitWhileRunning(reviewer, () => reviewer.output().stderr.includes("waiting for the Responder's turn"), 'the Review');
    const before = await readFile(repo.file);
    await rm(repo.file);
    const exit = await reviewer.exited;
    const copy = savedCopy(reviewer) ?? '';
    expect(exit.stderr).toContain(`reply.md changed, and not by appending: it was deleted. Not a turn; nothing is written on it. The text as it was is saved in ${copy}`);
    expect(exit.code).toBe(5);
    expect(exit.stderr).toContain(
      `code-debate: reply.md no longer holds the debate as the Reviewer last read it: it was deleted, and it was not restored within 5s (--turn-timeout). ` +
        `The text as it was is saved in ${copy}: \`cp ${copy} reply.md\` restores it; then start code-debate again, which begins a new debate if the file is still not there.`,
    );
    expect((await readFile(copy)).equals(before)).toBe(true);
    await expect(readFile(repo.file)).rejects.toThrow();
    expect(await agent.calls()).toEqual(['review']);
    const state = path.join(repo.dir, '.git', 'code-debate');
    const [key] = (await readdir(state)).filter((name) => name !== 'checkouts');
    // What the Reviewer found is kept beside the claims, for a side started on the file later.
    expect((await readdir(path.join(state, key ?? ''))).sort()).toEqual(['damaged.json', 'recovered']);
  });

  it('the file is deleted and restored from the copy: the debate goes on, with no turn lost or doubled', async () => {
    const repo = await repos.repo();
    const agent = await gatedAgent(repo);
    const reviewer = side(repo, ['--agent', agent.spec]);
    await waitWhileRunning(reviewer, () => reviewer.output().stderr.includes("waiting for the Responder's turn"), 'the Review');
    await rm(repo.file);
    const copy = await waitFor(() => savedCopy(reviewer), 'the deletion to be reported');
    await copyFile(copy, repo.file);
    await waitWhileRunning(reviewer, () => reviewer.output().stderr.includes('holds the debate as it was again'), 'the restore to be seen');
    const responder = side(repo, ['--agent', agent.spec]);
    const [a, b] = await Promise.all([reviewer.exited, responder.exited]);
    expect([a.code, b.code], a.stderr + b.stderr).toEqual([0, 0]);
    expectEndedWhole(await repo.readReply());
    expect(await agent.calls()).toEqual(['review', 'response', 'consensus']);
  });

  it('the file is replaced by another debate: its Response is not taken for a turn, and that file is not written', async () => {
    const repo = await repos.repo();
    const agent = await gatedAgent(repo);
    const reviewer = side(repo, ['--agent', agent.spec, '--turn-timeout', '5s']);
    await waitWhileRunning(reviewer, () => reviewer.output().stderr.includes("waiting for the Responder's turn"), 'the Review');
    const before = await readFile(repo.file);
    const other = `# Code Debate: another change\n\n## Review\n\n${sampleReview}\n---\n\n## Response 1\n\n### R1. Debug output left in\n**Agreed**\n`;
    await editorSave(repo.file, other);
    const exit = await reviewer.exited;
    expect(exit.stderr).toContain('reply.md changed, and not by appending: its opening lines were rewritten (line 1). Not a turn');
    expect(exit.code).toBe(5);
    expect(await repo.readReply()).toBe(other);
    expect((await readFile(savedCopy(reviewer) ?? '')).equals(before)).toBe(true);
    expect(await agent.calls()).toEqual(['review']);
  });
});
