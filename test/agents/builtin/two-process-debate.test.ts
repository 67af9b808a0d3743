import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { headingsOf } from '../../helpers/debate-repo.js';
import { makeGitRepo, type GitRepo } from '../../helpers/git-repo.js';
import { startCli } from '../../helpers/run-cli.js';

const repos: GitRepo[] = [];
afterEach(async () => {
  await Promise.all(repos.splice(0).map((repo) => repo.cleanup()));
});

// Runs the built program (bin/code-debate.js loads dist/): `npm run build` first.
describe('two code-debate processes on the built-in agent', () => {
  test('debate a commit through one file to CONSENSUS, every answer used as the agent gave it', async () => {
    const repo = await makeGitRepo({
      'src/app.js': 'export function greet(name) {\n  return `hi ${name}`;\n}\n',
      'test/greet.test.js': "import { greet } from '../src/app.js';\n",
    });
    repos.push(repo);
    await repo.git('checkout', '-q', '-b', 'feature');
    await repo.write('src/app.js', 'export function greet(name) {\n  console.log(name);\n  return `hi ${name}`;\n}\n');
    await repo.commit('Log the name');

    const sides = [startCli(['--agent', 'builtin', 'HEAD'], { cwd: repo.dir }), startCli(['--agent', 'builtin', 'HEAD'], { cwd: repo.dir })];
    const exits = await Promise.all(sides.map((side) => side.exited));
    const stderr = exits.map((exit) => exit.stderr).join('\n');
    expect(
      exits.map((exit) => exit.code),
      stderr,
    ).toEqual([0, 0]);
    expect(stderr).not.toContain('could not be used');
    expect(stderr).toMatch(/Reviewer +The debate ended with CONSENSUS/);
    expect(stderr).toMatch(/Responder +The debate ended with CONSENSUS/);

    const text = await readFile(path.join(repo.dir, 'reply.md'), 'utf8');
    expect(headingsOf(text)).toEqual(['## Review', '## Response 1', '## Reviewer Follow-up 1', '## Response 2', '## CONSENSUS']);
    expect(text).toContain('### R1. Debug output left in `src/app.js`\n\n**Severity:** medium\n**Evidence:** `src/app.js:2`\n\n');
    expect(text).toContain('### R1 — Agreed\n\n**Evidence:** `src/app.js:2`\n\nThe cited evidence checks out.');
    expect(text).toContain(
      '### R2 — Partially agreed\n\n**Evidence:** none\n\nNo test changes, but existing tests import the changed modules (whether they exercise this change is not checked), so the severity should be low.',
    );
    expect(text).toContain('### R2 — Accepted\n\n**Severity:** → low: existing tests import the changed modules\n\nThe response is right: the severity is lowered to low.');
    expect(text).toContain('**Outcome:** consensus');
    expect(text).toContain('After 2 rounds, of 2 points: 2 agreed, 0 withdrawn, 0 still disputed.');
  });
});
