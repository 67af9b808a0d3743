import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { sampleReview, useDebateRepos } from '../helpers/e2e.js';
import { startInPty, statusLines } from '../helpers/pty.js';
import { scriptedAgent, startCli, waitWhileRunning } from '../helpers/run-cli.js';

// What the status line says in the states a debate passes through, on a real terminal, two real sides.
const repos = useDebateRepos();
const editor = fileURLToPath(new URL('../fixtures/agents/slow-editor.sh', import.meta.url));

/** The status lines drawn in `output` after `from` (and after `then`, when given) and before `to`. */
function linesBetween(output: string, from: string, then: string | null, to: string): string[] {
  const start = output.indexOf(from);
  expect(start, `the output holds "${from}"`).toBeGreaterThan(-1);
  const after = then === null ? start : output.indexOf(then, start);
  expect(after, `the output holds "${then}" after "${from}"`).toBeGreaterThan(-1);
  const end = output.indexOf(to, after);
  expect(end, `the output holds "${to}" after "${from}"`).toBeGreaterThan(-1);
  return statusLines(output.slice(after, end));
}

/** The lines drawn by the once-a-second redraw, a second or more into the step they show. */
const redrawn = (lines: string[]) => lines.filter((line) => /· (\d+m)?[1-9]\d*(\.\d)?s( · |$)/.test(line));

describe('the status line follows the peer and the side itself', () => {
  it("says the peer is writing during a person's second editor session, as `status` does", async () => {
    const repo = await repos.repo();
    // A person Reviewer: the Review in the editor, then, after the builtin's Response, the CONSENSUS in it again (3 s each).
    const reviewer = startInPty(['--agent', 'human', '--role', 'reviewer', '--max-rounds', '1', '--turn-timeout', '20s', 'the diff against main'], {
      cwd: repo.dir,
      columns: 160,
      env: { VISUAL: editor, EDITOR_TEXT: sampleReview, EDITOR_SECONDS: '3' },
    });
    const responder = startInPty(['--role', 'responder', '--turn-timeout', '20s', 'the diff against main'], { cwd: repo.dir, columns: 160 });
    const [, exit] = await Promise.all([reviewer.exited, responder.exited]);
    expect(exit.stdout).toContain('The debate ended with CONSENSUS');
    // The first editor session, then the second one: the Responder waits for the person both times.
    const first = redrawn(linesBetween(exit.stdout, "waiting for the Reviewer's turn", null, 'my turn: builtin is writing ## Response 1'));
    const second = redrawn(linesBetween(exit.stdout, 'wrote ## Response 1', "waiting for the Reviewer's turn", 'The debate ended'));
    for (const lines of [first, second]) {
      expect(lines.length).toBeGreaterThan(0);
      for (const line of lines) expect(line).toMatch(/^Responder · round 1 · the Reviewer's turn, waiting · .+ · Reviewer writing$/);
    }
  }, 60_000);

  it('says it waits for a deleted file to be restored, not that its agent still writes', async () => {
    const repo = await repos.repo();
    const review = await repo.script('reviewer', { review: sampleReview });
    // Turn timeouts far longer than the work: each side waits as long as the other needs on a busy machine.
    const reviewer = startCli(['--agent', scriptedAgent(review.script, review.log), '--role', 'reviewer', '--turn-timeout', '10m', 'the diff against main'], { cwd: repo.dir });
    // The Responder's agent answers after reply.md was deleted (as a person would, while it ran): the turn no longer stands.
    const { script, log } = await repo.script('responder', { response: { shell: `rm -f '${repo.file}'`, stdout: '### R1. Debug output left in\n**Agreed**: will remove it.\n' } });
    const responder = startInPty(['--agent', scriptedAgent(script, log), '--role', 'responder', '--turn-timeout', '10m', 'the diff against main'], { cwd: repo.dir, columns: 160 });
    // The status lines drawn since the side said the file was deleted, once one of them is a redraw.
    const waiting = () => {
      const { stdout } = responder.output();
      const from = stdout.indexOf('reply.md changed, and not by appending');
      const lines = from === -1 ? [] : statusLines(stdout.slice(from));
      return redrawn(lines).length > 0 ? lines : null;
    };
    const lines = await waitWhileRunning(responder, waiting, 'the status line redrawn while waiting for reply.md');
    // The person has seen what the side waits for: both sides are stopped.
    responder.child.kill('SIGTERM');
    reviewer.child.kill('SIGTERM');
    const [exit] = await Promise.all([responder.exited, reviewer.exited]);
    expect(exit.stdout).toContain('did not write ## Response 1');
    expect(exit.stdout).toContain('reply.md changed, and not by appending: it was deleted');
    for (const line of lines) expect(line).toMatch(/^Responder · round 1 · waiting for reply\.md to be restored · \d/);
  }, 60_000);
});
