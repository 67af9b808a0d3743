import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { fitStatusLine } from '../../src/cli/fit-status-line.js';
import { sampleReview, useDebateRepos } from '../helpers/e2e.js';
import { startInPty, statusLines } from '../helpers/pty.js';
import { startCli, waitWhileRunning } from '../helpers/run-cli.js';

// A person at a real terminal (a pseudo-terminal from util-linux `script`): the status line and the editor.
const repos = useDebateRepos();
const editor = fileURLToPath(new URL('../fixtures/agents/slow-editor.sh', import.meta.url));

describe('the status line on a real terminal', () => {
  it('is not drawn, nor anything else written, while the editor runs; it comes back after', async () => {
    const repo = await repos.repo();
    const side = startInPty(['--agent', 'human', '--role', 'reviewer', '--turn-timeout', '2s', 'the diff against main'], {
      cwd: repo.dir,
      columns: 120,
      env: { VISUAL: editor, EDITOR_TEXT: sampleReview },
    });
    const exit = await side.exited;
    const output = exit.stdout;
    expect(output).toContain('<<EDITOR OPEN>>');
    const during = output.slice(output.indexOf('<<EDITOR OPEN>>') + '<<EDITOR OPEN>>'.length, output.indexOf('<<EDITOR CLOSED>>'));
    expect(during).toBe('');
    // Before the editor, the line said a person writes; after it, the turn is logged and the line drawn again.
    expect(output.slice(0, output.indexOf('<<EDITOR OPEN>>'))).toContain('your turn: you are writing ## Review in your editor');
    const after = output.slice(output.indexOf('<<EDITOR CLOSED>>'));
    expect(after).toContain('wrote ## Review');
    expect(statusLines(after).some((line) => line.startsWith('Reviewer · round 1'))).toBe(true);
    // The cursor is shown again at the end.
    expect(output.lastIndexOf('\x1b[?25h')).toBeGreaterThan(output.lastIndexOf('\x1b[?25l'));
  });

  it.each([40, 60, 120])('at %i columns keeps the role, the round and the elapsed time, within the width', async (columns) => {
    const repo = await repos.repo();
    const side = startInPty(['--role', 'reviewer', '--turn-timeout', '2500ms', 'the diff against main'], { cwd: repo.dir, columns });
    const exit = await side.exited;
    const lines = statusLines(exit.stdout);
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) {
      expect([...line].length).toBeLessThanOrEqual(columns - 1);
      expect(line).toMatch(/^Reviewer · round 1 · (.+ · )?\d+(\.\d+)?(ms|s)( · |$)/);
    }
  });

  it('after a restart names the round `status` names, and says it continues the debate', async () => {
    const repo = await repos.repo();
    // A Reviewer that wrote the Review and was stopped: the debate waits for the Responder in round 1.
    const reviewer = startCli(['--role', 'reviewer', 'the diff against main'], { cwd: repo.dir });
    await waitWhileRunning(reviewer, () => reviewer.output().stderr.includes('waiting for the Responder'), 'the Review');
    reviewer.child.kill('SIGTERM');
    await reviewer.exited;
    const status = JSON.parse((await startCli(['status', '--json'], { cwd: repo.dir }).exited).stdout) as { round: number; turn: string | null };
    const side = startInPty(['--role', 'responder', '--turn-timeout', '2s', 'the diff against main'], { cwd: repo.dir, columns: 120 });
    const exit = await side.exited;
    expect(exit.stdout).toMatch(/continuing the debate in reply\.md: round \d+, ## \S+( \d+)? written at \d\d:\d\d by the (Reviewer|Responder) \(builtin\)/);
    const round = /continuing the debate in reply\.md: round (\d+)/.exec(exit.stdout)?.[1];
    expect(Number(round)).toBe(status.round);
    expect(statusLines(exit.stdout).find((line) => line.startsWith('Responder'))).toContain(`round ${status.round}`);
  });
});

describe('fitStatusLine', () => {
  const parts = {
    role: 'Responder',
    round: 'round 3',
    elapsed: '4m 12s',
    peer: 'Reviewer waiting',
    activity: { short: 'my turn', long: 'my turn, claude:opus writing ## Response 3' },
  };

  it('cuts the detail first, then the activity, then the peer; the role, round and elapsed time stay', () => {
    expect(fitStatusLine(parts, 120)).toBe('Responder · round 3 · my turn, claude:opus writing ## Response 3 · 4m 12s · Reviewer waiting');
    expect(fitStatusLine(parts, 59)).toBe('Responder · round 3 · my turn · 4m 12s · Reviewer waiting');
    expect(fitStatusLine(parts, 39)).toBe('Responder · round 3 · 4m 12s');
  });

  it('ends a cut with …, within the width', () => {
    expect(fitStatusLine(parts, 20)).toBe('Responder · round 3…');
    expect([...fitStatusLine(parts, 20)].length).toBe(20);
  });
});
