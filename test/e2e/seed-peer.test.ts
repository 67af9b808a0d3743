import { describe, expect, it } from 'vitest';
import { headingsOf, makeDebateRepo } from '../helpers/debate-repo.js';
import { scriptedAgent, seedPeerPath, start, startCli, waitWhileRunning } from '../helpers/run-cli.js';
import { waitFor } from '../helpers/wait-for.js';

const stances = ['agree', 'disagree', 'partial'] as const;
const review = '### R1. Debug output left in\n**Severity:** medium\n**Evidence:** `src/app.js:2`\n\nRemove it.\n';

/** Our side keeps its position as long as the peer does not agree, so every stance is exercised. */
const ourScript = {
  review,
  'follow-up': '### R1. Debug output left in\n**Maintained**: `src/app.js:2` still logs.\n',
  response: '### 1. Unchecked return value\n**Partially agreed**: it needs a test, not a check.\n\n### 2. Missing test for the new branch\n**Disagreed**: it is covered.\n',
  consensus: 'The debate is over.\n',
};

describe.each(stances)('interop with seed-peer.sh (stance %s)', (stance) => {
  const env = { PEER_POLL: '0.05', PEER_STANCE: stance, PEER_TIMEOUT: '60' };

  it('code-debate as Reviewer, the seed peer as Responder: both reach CONSENSUS', async () => {
    const repo = await makeDebateRepo();
    try {
      const script = await repo.script('ours', ourScript);
      const ours = startCli(['--agent', scriptedAgent(script.script, script.log), '--poll', '50', 'HEAD'], { cwd: repo.dir });
      await waitWhileRunning(ours, () => ours.output().stderr.includes('wrote ## Review'), 'our Review');
      const peer = start('bash', [seedPeerPath], { cwd: repo.dir, env });
      const [a, b] = await Promise.all([ours.exited, peer.exited]);
      expect(b.code, b.stderr).toBe(0);
      // The points left disputed are below --block-on high: nothing blocks.
      expect(a.code, a.stderr).toBe(0);
      const text = await repo.readReply();
      const headings = headingsOf(text);
      expect(headings.at(-1)).toBe('## CONSENSUS');
      // The plain peer disagrees in the same words every round: round 3 restates round 2 on both sides, and the debate stops there.
      if (stance === 'disagree') expect(text).toContain('**Outcome:** stalled: round 3 brought no new reasoning');
      expect(headings).toEqual(
        stance === 'disagree'
          ? ['## Review', ...[1, 2].flatMap((n) => [`## Response ${n}`, `## Reviewer Follow-up ${n}`]), '## Response 3', '## CONSENSUS']
          : stance === 'partial'
            ? ['## Review', '## Response 1', '## Reviewer Follow-up 1', '## Response 2', '## CONSENSUS']
            : ['## Review', '## Response 1', '## CONSENSUS'],
      );
    } finally {
      await repo.cleanup();
    }
  });

  it('the seed peer as Reviewer, code-debate as Responder: both reach CONSENSUS', async () => {
    const repo = await makeDebateRepo();
    try {
      const script = await repo.script('ours', ourScript);
      const peer = start('bash', [seedPeerPath], { cwd: repo.dir, env });
      await waitFor(() => repo.readReply().catch(() => ''), 'the seed peer to write its Review');
      const ours = startCli(['--role', 'responder', '--agent', scriptedAgent(script.script, script.log), 'HEAD'], { cwd: repo.dir });
      const [a, b] = await Promise.all([ours.exited, peer.exited]);
      expect(b.code, b.stderr).toBe(0);
      expect([0, 1]).toContain(a.code);
      const headings = headingsOf(await repo.readReply());
      expect(headings.at(-1)).toBe('## CONSENSUS');
      expect(headings.filter((heading) => heading.startsWith('## Response'))).toHaveLength(stance === 'agree' ? 1 : 5);
    } finally {
      await repo.cleanup();
    }
  });
});
