import { readdir, readlink } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { parseDocument } from '../../src/protocol/parse-document.js';
import { headingsOf } from '../helpers/debate-repo.js';
import { sampleReview, useDebateRepos } from '../helpers/e2e.js';
import { scriptedAgent, startCli, type Running } from '../helpers/run-cli.js';
import { waitFor } from '../helpers/wait-for.js';

const repos = useDebateRepos();

/**
 * The `--poll` interval under test: each turn must be noticed and its agent started within one,
 * by the stat poller alone (the checksum safety net ticks every 2 s). Generous for a loaded machine:
 * the poller samples every 200 ms, leaving 200 ms for reading the section and starting the agent.
 */
const pollMs = 400;
const noEvents = { CODE_DEBATE_FAULT: 'file-events=none' };

interface TimedEvent {
  time: string;
  type: string;
  heading?: string;
}

function eventsOf(process: Running): TimedEvent[] {
  return process
    .output()
    .stdout.split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as TimedEvent);
}

/** The inotify instances a process has open: native file events need one. */
async function inotifyOf(pid: number): Promise<number> {
  const links = await Promise.all((await readdir(`/proc/${pid}/fd`)).map((fd) => readlink(`/proc/${pid}/fd/${fd}`).catch(() => '')));
  return links.filter((link) => link.includes('inotify')).length;
}

describe('no native file events at all (case 7)', () => {
  it.runIf(process.platform === 'linux')(`--poll ${pollMs} with no native events: every turn is noticed, and its agent started, within one poll interval`, async () => {
    const repo = await repos.repo();
    const reviewerScript = await repo.script('reviewer', {
      review: sampleReview,
      'follow-up': '### R1. Debug output left in\n**Maintained**: still there.\n',
      consensus: 'Agreed in round 2.\n',
    });
    const responderScript = await repo.script('responder', {
      response: ['### R1. Debug output left in\n**Disagreed**: intended.\n', '### R1. Debug output left in\n**Agreed**: fair.\n'],
    });
    const args = (script: { script: string; log: string }) => ['--agent', scriptedAgent(script.script, script.log), '--poll', String(pollMs), '--json', 'HEAD'];
    const reviewer = startCli(args(reviewerScript), { cwd: repo.dir, env: noEvents });
    await waitFor(() => reviewer.output().stderr.includes("waiting for the Responder's turn"), 'the Review');
    expect(await inotifyOf(reviewer.child.pid ?? -1)).toBe(0);
    const responder = startCli(args(responderScript), { cwd: repo.dir, env: noEvents });
    const exits = await Promise.all([reviewer.exited, responder.exited]);
    expect(
      exits.map((exit) => exit.code),
      exits.map((exit) => exit.stderr).join('\n'),
    ).toEqual([0, 0]);
    const text = await repo.readReply();
    expect(parseDocument(text).ok).toBe(true);
    expect(headingsOf(text)).toEqual(['## Review', '## Response 1', '## Reviewer Follow-up 1', '## Response 2', '## CONSENSUS']);

    // From each section written to the peer starting its agent on the next: the peer saw it by polling the stat alone.
    const events = [...eventsOf(reviewer), ...eventsOf(responder)].sort((a, b) => Date.parse(a.time) - Date.parse(b.time));
    const handovers = [
      ['Response 1', 'Reviewer Follow-up 1'],
      ['Reviewer Follow-up 1', 'Response 2'],
      ['Response 2', 'CONSENSUS'],
    ].map(([written, started]) => {
      const write = events.find((event) => event.type === 'turn-written' && event.heading === written);
      const start = events.find((event) => event.type === 'turn-started' && event.heading === started);
      if (!write || !start) throw new Error(`no ${written} written or no ${started} started`);
      return Date.parse(start.time) - Date.parse(write.time);
    });
    for (const latency of handovers) expect(latency).toBeLessThanOrEqual(pollMs);
  });
});
