import { readdir, readlink } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { expectEndedWhole, sampleReview, useDebateRepos } from '../helpers/e2e.js';
import { scriptedAgent, startCli, type Running, waitWhileRunning } from '../helpers/run-cli.js';

const repos = useDebateRepos();

/**
 * The `--poll` interval under test: each turn must be noticed and its agent started within one,
 * by the stat poller alone (the checksum safety net ticks every 2 s). Generous for a loaded machine:
 * the poller samples every 200 ms, leaving 200 ms for reading the section and starting the agent.
 */
const pollMs = 400;
/** No file watcher at all: only the checksum read every 2 s (the safety net) can see a change. */
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

/** The sections of the two-round debate the scripts below make. */
const twoRounds = ['## Review', '## Response 1', '## Reviewer Follow-up 1', '## Response 2', '## CONSENSUS'];

/**
 * A two-round debate between scripted agents, both sides started with `flags` and `env`; returns
 * them once each has written its first section and waits, checked then to hold no inotify instance.
 */
async function twoRoundDebate(flags: readonly string[], env: Record<string, string>): Promise<{ reviewer: Running; responder: Running; readReply(): Promise<string> }> {
  const repo = await repos.repo();
  const reviewerScript = await repo.script('reviewer', {
    review: sampleReview,
    'follow-up': '### R1. Debug output left in\n**Maintained**: still there.\n',
    consensus: 'Agreed in round 2.\n',
  });
  const responderScript = await repo.script('responder', {
    response: ['### R1. Debug output left in\n**Disagreed**: it is intended.\n', '### R1. Debug output left in\n**Agreed**: a fair point.\n'],
  });
  const args = (script: { script: string; log: string }) => ['--agent', scriptedAgent(script.script, script.log), ...flags, '--json', 'HEAD'];
  const reviewer = startCli(args(reviewerScript), { cwd: repo.dir, env });
  await waitWhileRunning(reviewer, () => reviewer.output().stderr.includes("waiting for the Responder's turn"), 'the Review');
  expect(await inotifyOf(reviewer.child.pid ?? -1)).toBe(0);
  const responder = startCli(args(responderScript), { cwd: repo.dir, env });
  // Waiting for the Follow-up, which comes one poll (or safety tick) after the Response at the soonest.
  await waitWhileRunning(responder, () => responder.output().stderr.includes("waiting for the Reviewer's turn"), 'the Response');
  expect(await inotifyOf(responder.child.pid ?? -1)).toBe(0);
  return { reviewer, responder, readReply: () => repo.readReply() };
}

/** Both sides ended with code 0 and the debate is whole, valid and its outcome stated. */
async function bothEndedWhole(debate: { reviewer: Running; responder: Running; readReply(): Promise<string> }): Promise<void> {
  const exits = await Promise.all([debate.reviewer.exited, debate.responder.exited]);
  expect(
    exits.map((exit) => exit.code),
    exits.map((exit) => exit.stderr).join('\n'),
  ).toEqual([0, 0]);
  expectEndedWhole(await debate.readReply(), 'consensus', twoRounds);
}

describe('no native file events at all (case 7)', () => {
  it.runIf(process.platform === 'linux')(`--poll ${pollMs} (forced polling): every turn is noticed, and its agent started, within one poll interval`, async () => {
    const debate = await twoRoundDebate(['--poll', String(pollMs)], {});
    await bothEndedWhole(debate);

    // From each section written to the peer starting its agent on the next: the peer saw it by polling the stat alone.
    const events = [...eventsOf(debate.reviewer), ...eventsOf(debate.responder)].sort((a, b) => Date.parse(a.time) - Date.parse(b.time));
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

  it.runIf(process.platform === 'linux')(
    'the watcher stubbed out, as on a filesystem that sends no events (CODE_DEBATE_FAULT=file-events=none): the checksum read every 2 s still sees every turn',
    async () => {
      await bothEndedWhole(await twoRoundDebate([], noEvents));
    },
  );
});
