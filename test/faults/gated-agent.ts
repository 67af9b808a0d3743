import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { SectionKind } from '../../src/protocol/document.js';
import type { DebateRepo } from '../helpers/e2e.js';
import { waitFor } from '../helpers/wait-for.js';

const gatedAgentPath = fileURLToPath(new URL('./fixtures/gated-agent.mjs', import.meta.url));

export interface GatedAgent {
  /** The `--agent` value. */
  spec: string;
  /** Holds back the answer for `turn`: the agent starts, and waits until `release`. */
  hold(turn: SectionKind): Promise<void>;
  release(turn: SectionKind): Promise<void>;
  /** Resolves once the agent is working on `turn` and waiting to be released. */
  started(turn: SectionKind): Promise<void>;
  answer(turn: SectionKind, text: string): Promise<void>;
  /** The turns the agent was asked for, in order. */
  calls(): Promise<string[]>;
}

/** A gated agent (test/faults/fixtures/gated-agent.mjs) with its directory beside the repository. */
export async function gatedAgent(repo: DebateRepo): Promise<GatedAgent> {
  const dir = path.join(repo.dir, '..', 'gate');
  await mkdir(dir, { recursive: true });
  return {
    spec: `cmd:${JSON.stringify(process.execPath)} ${JSON.stringify(gatedAgentPath)} ${JSON.stringify(dir)}`,
    hold: (turn) => writeFile(path.join(dir, `${turn}.hold`), ''),
    release: (turn) => rm(path.join(dir, `${turn}.hold`), { force: true }),
    started: async (turn) => void (await waitFor(() => readFile(path.join(dir, `${turn}.started`), 'utf8').catch(() => ''), `the agent to start the ${turn}`)),
    answer: (turn, text) => writeFile(path.join(dir, `${turn}.md`), text),
    async calls() {
      const text = await readFile(path.join(dir, 'calls.jsonl'), 'utf8').catch(() => '');
      return text
        .split('\n')
        .filter(Boolean)
        .map((line) => (JSON.parse(line) as { turn: string }).turn);
    },
  };
}
