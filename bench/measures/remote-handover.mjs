import { execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdirSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { startCli, stampAgent } from '../lib/cli.mjs';
import { gitEnv, makeBenchRepo, subject } from '../lib/repo.mjs';

/**
 * Two machines through a git remote (`--remote`): a bare repository served by `git daemon` on
 * loopback, two clones with a HOME each, a Reviewer in one and a Responder in the other, both with
 * the stamp agent (instant, or taking `thinkS` seconds a turn), `maxRounds` rounds. Each hand-over
 * is from the moment a side's section is on the remote (its `turn-written` event, after the push)
 * to the moment the other side starts its turn (`turn-started`), both from --json on one clock;
 * the requests are the ones git daemon took (`--verbose`: one line per fetch or push), both sides'.
 */
export async function measureRemoteHandover({ runs, maxRounds, thinkS = 0, log = () => {} }) {
  const results = [];
  for (let i = 0; i < runs; i++) {
    const repo = makeBenchRepo('remote');
    const daemon = await startDaemon(repo.scratch);
    try {
      const clones = ['a', 'b'].map((name) => cloneOf(repo, daemon.bare, name));
      const common = ['--remote', daemon.url, '--json', '--agent', stampAgent, '--max-rounds', String(maxRounds), subject];
      const env = (clone) => ({ HOME: clone.home, BENCH_STAMP_LOG: `${repo.scratch}/stamps.jsonl`, ...(thinkS > 0 ? { BENCH_THINK_S: String(thinkS) } : {}) });
      const reviewer = startCli(['--role', 'reviewer', ...common], { cwd: clones[0].dir, env: env(clones[0]) });
      const responder = startCli(['--role', 'responder', ...common], { cwd: clones[1].dir, env: env(clones[1]) });
      const launchedAt = Math.min(reviewer.launchedAt, responder.launchedAt);
      const exits = await Promise.all([reviewer.exited, responder.exited]);
      if (exits.some((exit) => exit.code !== 0 && exit.code !== 1))
        throw new Error(`The debate on the remote did not end as expected (exit codes ${exits.map((e) => e.code)}):\n${reviewer.output()}\n${responder.output()}`);
      const sides = [reviewer, responder].map(eventsOf);
      const handOversMs = handOvers(sides);
      results.push({ wallMs: Math.max(...exits.map((exit) => exit.at)) - launchedAt, handOversMs, turnsMs: turns(sides), requests: daemon.requests() });
      log(
        `  remote debate ${i + 1}${thinkS > 0 ? ` (agents think ${thinkS} s)` : ''}: hand-overs ${handOversMs.map((ms) => ms.toFixed(0)).join(', ')} ms, ${daemon.requests()} requests`,
      );
    } finally {
      await daemon.stop();
      repo.cleanup();
    }
  }
  return results;
}

function eventsOf(watched) {
  return watched.lines.filter((line) => line.stream === 'stdout' && line.text.startsWith('{')).map((line) => JSON.parse(line.text));
}

/** From each section one side wrote to the next turn the other side started, in ms. */
function handOvers(sides) {
  const all = sides.flatMap((events, side) => events.map((event) => ({ ...event, side, at: Date.parse(event.time) }))).sort((a, b) => a.at - b.at);
  return all.flatMap((event, index) => {
    if (event.type !== 'turn-written') return [];
    const next = all.slice(index + 1).find((later) => later.side !== event.side && later.type === 'turn-started');
    return next === undefined ? [] : [next.at - event.at];
  });
}

/** A clone of `bare` on `feature`, with `main` too, and a HOME of its own: a second machine. */
/** From each turn a side started to its section on the remote (the agent, the checks, the push), in ms. */
function turns(sides) {
  return sides.flatMap((events) =>
    events.flatMap((event, index) => {
      if (event.type !== 'turn-started') return [];
      const written = events.slice(index + 1).find((later) => later.type === 'turn-written' && later.heading === event.heading);
      return written === undefined ? [] : [Date.parse(written.time) - Date.parse(event.time)];
    }),
  );
}

function cloneOf(repo, bare, name) {
  const dir = path.join(repo.scratch, name, 'work');
  const home = path.join(repo.scratch, name, 'home');
  mkdirSync(home, { recursive: true });
  execGit(repo.scratch, ['clone', '-q', '--branch', 'feature', bare, dir]);
  execGit(dir, ['branch', '-q', 'main', 'origin/main']);
  return { dir, home };
}

function execGit(cwd, args) {
  return execFileSync('git', args, { cwd, env: gitEnv, encoding: 'utf8' });
}

/** `git daemon` serving a bare copy of the repository on a free loopback port, counting the requests it takes. */
async function startDaemon(scratch) {
  const bare = path.join(scratch, 'remote.git');
  execGit(scratch, ['init', '-q', '--bare', bare]);
  execGit(path.join(scratch, 'repo'), ['push', '-q', bare, 'main', 'feature']);
  const port = await freePort();
  const child = spawn(
    'git',
    ['daemon', '--verbose', '--reuseaddr', '--export-all', `--base-path=${scratch}`, '--listen=127.0.0.1', `--port=${port}`, '--enable=receive-pack', scratch],
    {
      env: gitEnv,
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  let requests = 0;
  child.stderr.on('data', (chunk) => (requests += chunk.toString().match(/Request (upload|receive)-pack for/g)?.length ?? 0));
  for (let tries = 0; !(await canConnect(port)); tries++) {
    if (tries > 200) throw new Error(`git daemon did not listen on port ${port}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return {
    bare,
    url: `git://127.0.0.1:${port}/remote.git`,
    requests: () => requests,
    async stop() {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      await once(child, 'exit');
    },
  };
}

function canConnect(port) {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

async function freePort() {
  const server = net.createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address();
  await new Promise((resolve) => server.close(resolve));
  return port;
}
