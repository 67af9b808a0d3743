import { describe, expect, it } from 'vitest';
import { exitCodes } from '../../src/exit-codes.js';
import { sampleReview, useDebateRepos } from '../helpers/e2e.js';
import { agentPids, killSidesAfter, scriptedAgent, startCli, waitWhileRunning } from '../helpers/run-cli.js';
import { waitFor } from '../helpers/wait-for.js';

const repos = useDebateRepos();

describe('an interactive session waiting for a peer that is gone', () => {
  it('is told so (exit 3, the reason and what to do) rather than waiting call after call; with the peer restarted, it goes on', async () => {
    const repo = await repos.repo();
    const hanging = await repo.script('hanging', { response: { hang: true } });
    const answering = await repo.script('answering', {});
    const running = killSidesAfter(repos.onCleanup, hanging.log);
    const cli = (args: string[]) => startCli(args, { cwd: repo.dir }).exited;

    // The session is the Reviewer: it joins, writes its Review, and the Responder (a driven side) takes its turn.
    const joined = await cli(['turn', 'HEAD']);
    expect(joined.code, joined.stderr).toBe(exitCodes.yourTurn);
    const session = /\(session ([0-9a-f]+)\)/.exec(joined.stdout)?.[1] ?? '';
    const submitted = await cli(['submit', '--session', session, '--answer-text', sampleReview]);
    expect(submitted.code, submitted.stdout + submitted.stderr).toBe(0);
    const responder = startCli(['--agent', scriptedAgent(hanging.script, hanging.log), 'HEAD'], { cwd: repo.dir });
    running.push(responder);
    await waitWhileRunning(responder, () => responder.output().stderr.includes('I am the Responder'), 'the Responder to claim its role');
    await waitFor(async () => (await agentPids(hanging.log)).length === 1, "the Responder's agent to start");

    // The session waits (up to a minute a call) while the Responder's process dies.
    const waiting = startCli(['turn', '--session', session, '--wait', '60s'], { cwd: repo.dir });
    responder.child.kill('SIGKILL');
    await responder.exited;
    const told = await waiting.exited;
    // Told as soon as the claim is seen stale (a driven side says it within seconds): at the end of --wait it would be 11.
    expect(told.code, told.stdout + told.stderr).toBe(exitCodes.peerTimeout);
    expect(told.stdout).toContain(`You are the Reviewer (session ${session}). The Responder is gone: its process ended.`);
    expect(told.stdout).toContain(`once the Responder is started again (the same command in another terminal or session), run \`code-debate turn --session ${session}\` to go on.`);

    // Called again, it is told again at once: the session stops rather than loop.
    const again = await cli(['turn', '--session', session, '--wait', '60s']);
    expect(again.code, again.stdout + again.stderr).toBe(exitCodes.peerTimeout);
    expect(again.stdout).toContain('The Responder is gone: its process ended.');

    // The Responder started again takes its role over and answers; the session's next call goes on.
    const restarted = startCli(['--agent', scriptedAgent(answering.script, answering.log), 'HEAD'], { cwd: repo.dir });
    running.push(restarted);
    await waitWhileRunning(restarted, () => restarted.output().stderr.includes('took the role over from dead pid'), 'the Responder to take its role back');
    const next = await cli(['turn', '--session', session, '--wait', '60s']);
    expect(next.code, next.stdout + next.stderr).toBe(exitCodes.yourTurn);
    expect(next.stdout).toMatch(/It is your turn: write `## (Reviewer Follow-up 1|CONSENSUS)`/);
  });
});
