import { readFileSync } from 'node:fs';
import { startCli, stampAgent } from '../lib/cli.mjs';
import { makeBenchRepo, subject } from '../lib/repo.mjs';

/**
 * A whole debate: a Reviewer and a Responder started together, both with the instant agent, five
 * rounds (the agent keeps R1 disputed in fresh words, so no round ends it early), from launch until
 * both have exited. Each turn's prompt is kept, to measure what the agents were sent.
 */
export async function measureWholeDebate({ runs, maxRounds = 5, bodyBytes, log = () => {} }) {
  const results = [];
  for (let i = 0; i < runs; i++) {
    const repo = makeBenchRepo('debate');
    const stampLog = `${repo.scratch}/stamps.jsonl`;
    const env = { BENCH_STAMP_LOG: stampLog, BENCH_BODY_BYTES: String(bodyBytes) };
    const common = ['--agent', stampAgent, '--max-rounds', String(maxRounds)];
    try {
      const reviewer = startCli(['--role', 'reviewer', ...common, subject], { cwd: repo.dir, env });
      const responder = startCli(['--role', 'responder', ...common, subject], { cwd: repo.dir, env });
      const launchedAt = Math.min(reviewer.launchedAt, responder.launchedAt);
      const exits = await Promise.all([reviewer.exited, responder.exited]);
      const wallMs = Math.max(...exits.map((exit) => exit.at)) - launchedAt;
      // 0 or 1: the debate ran to its CONSENSUS (1 only when the disputed point is at or above --block-on).
      if (exits.some((exit) => exit.code !== 0 && exit.code !== 1))
        throw new Error(`The debate did not end as expected (exit codes ${exits.map((e) => e.code)}):\n${reviewer.output()}\n${responder.output()}`);
      const bytes = readFileSync(repo.file);
      const text = bytes.toString('utf8');
      const headings = text.split('\n').filter((line) => line.startsWith('## '));
      const turns = readFileSync(stampLog, 'utf8')
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line))
        .map((entry) => {
          const prompt = readFileSync(entry.promptFile, 'utf8');
          // The file as the agent found it: append-only, so a prefix of the final file.
          const fileChars = [...bytes.subarray(0, entry.fileBytes).toString('utf8')].length;
          return { role: entry.role, turn: entry.turn, round: entry.round, promptChars: [...prompt].length, fileChars, startedMs: entry.start * 1000 - launchedAt };
        });
      results.push({ wallMs, headings, turns, fileChars: [...text].length });
      log(`  debate ${i + 1}: ${wallMs.toFixed(0)} ms, ${headings.length} sections`);
    } finally {
      repo.cleanup();
    }
  }
  return results;
}
