import { appendFile, readFile, rename, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { headingsOf } from '../helpers/debate-repo.js';
import { sampleReview, useDebateRepos } from '../helpers/e2e.js';
import { scriptedAgent, startCli, waitWhileRunning } from '../helpers/run-cli.js';

// The rule of start-up holds at every read: a debate file that is not a regular file is never
// read through, never taken for a turn, and is reported as a change of its history.
const repos = useDebateRepos();

describe('the debate file replaced by a symbolic link mid-debate', () => {
  it('is not read through nor taken for a turn; once the file is back, the debate goes on', async () => {
    const repo = await repos.repo();
    const script = await repo.script('agent', { review: sampleReview });
    const reviewer = startCli(['--agent', scriptedAgent(script.script, script.log), '--role', 'reviewer', 'HEAD'], { cwd: repo.dir });
    await waitWhileRunning(reviewer, () => reviewer.output().stderr.includes('waiting for the Responder'), 'the Review');
    const review = await repo.readReply();
    // Another debate, one that holds a Response: read through the link, it would be a turn.
    const other = path.join(repo.dir, 'other.md');
    const response = '\n---\n\n## Response 1\n\n### R1. Debug output left in\n**Agreed**: it goes.\n';
    await writeFile(other, review + response);
    await rename(repo.file, path.join(repo.dir, 'kept.md'));
    await symlink('other.md', repo.file);
    await waitWhileRunning(reviewer, () => reviewer.output().stderr.includes('replaced by a symbolic link to other.md'), 'the change to be reported');
    expect(await readFile(other, 'utf8')).toBe(review + response);

    // Put back: the regular file, then a real Response appended as a plain peer does.
    await rename(path.join(repo.dir, 'kept.md'), repo.file);
    await waitWhileRunning(reviewer, () => reviewer.output().stderr.includes('holds the debate as it was again'), 'the restore to be seen');
    await appendFile(repo.file, response);
    const exit = await reviewer.exited;
    expect(exit.code, exit.stderr).toBe(0);
    expect(headingsOf(await repo.readReply())).toEqual(['## Review', '## Response 1', '## CONSENSUS']);
    expect(await readFile(other, 'utf8')).toBe(review + response);
  });
});
