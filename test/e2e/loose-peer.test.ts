import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { headingsOf, makeDebateRepo } from '../helpers/debate-repo.js';
import { scriptedAgent, start, startCli } from '../helpers/run-cli.js';
import { waitFor } from '../helpers/wait-for.js';

const loosePeerPath = fileURLToPath(new URL('../fixtures/peers/loose-peer.sh', import.meta.url));

const ourScript = {
  review:
    '### R1. Debug output left in\n**Severity:** medium\n**Evidence:** `src/app.js:2`\n\nRemove it.\n\n### R2. Missing test\n**Severity:** low\n**Evidence:** `src/app.js:1`\n\nNothing reaches the branch.\n',
  'follow-up': 'Waiting for the answers I could not read.\n',
  consensus: 'The debate is over.\n',
};

describe.each(['upper', 'verdict'])('a plain peer that answers in a loose style (%s) and restates what the file asks', (style) => {
  it('is told in the file which answers were not read, restates them, and reaches CONSENSUS within one extra round', async () => {
    const repo = await makeDebateRepo();
    try {
      const script = await repo.script('ours', ourScript);
      const ours = startCli(['--agent', scriptedAgent(script.script, script.log), '--poll', '50', 'HEAD'], { cwd: repo.dir });
      await waitFor(() => ours.output().stderr.includes('wrote ## Review'), 'our Review');
      const peer = start('bash', [loosePeerPath], { cwd: repo.dir, env: { PEER_POLL: '0.05', PEER_TIMEOUT: '60', PEER_STYLE: style } });
      const [a, b] = await Promise.all([ours.exited, peer.exited]);
      const text = await repo.readReply();
      expect(b.code, b.stderr).toBe(0);
      // Both points are below --block-on high: an agreed point blocks only from high up.
      expect(a.code, `${a.stderr}\n${text}`).toBe(0);
      expect(headingsOf(text)).toEqual(['## Review', '## Response 1', '## Reviewer Follow-up 1', '## Response 2', '## CONSENSUS']);
      const followUp = text.slice(text.indexOf('## Reviewer Follow-up 1'), text.indexOf('## Response 2'));
      expect(followUp).toContain('> **Not read in `## Response 1`:**');
      expect(followUp).toContain('Write one of `### R1 — Agreed`, `### R1 — Partially agreed`, `### R1 — Disagreed`.');
      // Never answered is open, not disputed: the Reviewer is not made to maintain what nobody disputed.
      expect(followUp).not.toContain('Maintained');
      expect(text.slice(text.indexOf('## CONSENSUS'))).toContain('**Outcome:** consensus');
    } finally {
      await repo.cleanup();
    }
  });
});

const responderScript = {
  // Every Response answers every open point of the Reviewer's, so the same answer each round.
  response: '### R1 — Disagreed\n\n**Evidence:** none\n\nThe log line is behind DEBUG.\n\n### R2 — Disagreed\n\n**Evidence:** none\n\nA test reaches it.\n',
};

describe.each(['upper', 'verdict'])('a plain Reviewer that holds its points in a loose style (%s)', (style) => {
  it('is told in the Response which positions were not read, restates them, and ends the debate within one extra round', async () => {
    const repo = await makeDebateRepo();
    try {
      const script = await repo.script('ours', responderScript);
      const peer = start('bash', [loosePeerPath, 'reviewer'], { cwd: repo.dir, env: { PEER_POLL: '0.05', PEER_TIMEOUT: '60', PEER_STYLE: style } });
      await waitFor(() => repo.readReply().catch(() => ''), 'the peer to write its Review');
      const ours = startCli(['--role', 'responder', '--agent', scriptedAgent(script.script, script.log), '--poll', '50', 'HEAD'], { cwd: repo.dir });
      const [a, b] = await Promise.all([ours.exited, peer.exited]);
      const text = await repo.readReply();
      expect(b.code, `${b.stderr}\n${text}`).toBe(0);
      expect(a.code, `${a.stderr}\n${text}`).toBe(0);
      expect(headingsOf(text)).toEqual(['## Review', '## Response 1', '## Reviewer Follow-up 1', '## Response 2', '## Reviewer Follow-up 2', '## Response 3', '## CONSENSUS']);
      const response = text.slice(text.indexOf('## Response 2'), text.indexOf('## Reviewer Follow-up 2'));
      expect(response).toContain('> **Not read in `## Reviewer Follow-up 1`:**');
      expect(response).toContain('Write one of `### R1 — Maintained`, `### R1 — Withdrawn`, `### R1 — Accepted`, `### R1 — Partially accepted`.');
    } finally {
      await repo.cleanup();
    }
  });
});

describe('a plain peer that appends as a Windows shell does (a byte order mark before its heading, CRLF)', () => {
  it('is read at once as the Responder: no extra round', async () => {
    const repo = await makeDebateRepo();
    try {
      const script = await repo.script('ours', ourScript);
      const ours = startCli(['--agent', scriptedAgent(script.script, script.log), '--poll', '50', 'HEAD'], { cwd: repo.dir });
      await waitFor(() => ours.output().stderr.includes('wrote ## Review'), 'our Review');
      const peer = start('bash', [loosePeerPath], { cwd: repo.dir, env: { PEER_POLL: '0.05', PEER_TIMEOUT: '60', PEER_STYLE: 'bom' } });
      const [a, b] = await Promise.all([ours.exited, peer.exited]);
      const text = await repo.readReply();
      expect(b.code, b.stderr).toBe(0);
      expect(a.code, `${a.stderr}\n${text}`).toBe(0);
      expect(text).toContain('\uFEFF## Response 1\r\n');
      expect(text.slice(text.indexOf('## CONSENSUS'))).toContain('**Outcome:** consensus: every point is resolved after 1 round');
    } finally {
      await repo.cleanup();
    }
  });

  it('is read at once as the Reviewer: its positions count in the round it gave them', async () => {
    const repo = await makeDebateRepo();
    try {
      const script = await repo.script('ours', responderScript);
      const peer = start('bash', [loosePeerPath, 'reviewer'], { cwd: repo.dir, env: { PEER_POLL: '0.05', PEER_TIMEOUT: '60', PEER_STYLE: 'bom' } });
      await waitFor(() => repo.readReply().catch(() => ''), 'the peer to write its Review');
      const ours = startCli(['--role', 'responder', '--agent', scriptedAgent(script.script, script.log), '--poll', '50', 'HEAD'], { cwd: repo.dir });
      const [a, b] = await Promise.all([ours.exited, peer.exited]);
      const text = await repo.readReply();
      expect(b.code, `${b.stderr}\n${text}`).toBe(0);
      expect(a.code, `${a.stderr}\n${text}`).toBe(0);
      // Headings as a reader of the file sees them, the peer's after its byte order mark.
      expect(headingsOf(text.replace(/\uFEFF/g, '').replace(/\r/g, ''))).toEqual(['## Review', '## Response 1', '## Reviewer Follow-up 1', '## Response 2', '## CONSENSUS']);
    } finally {
      await repo.cleanup();
    }
  });
});
