import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { useDebateRepos } from '../helpers/e2e.js';
import { startCli } from '../helpers/run-cli.js';
import { clisBin, pinned } from './clis.mjs';

// A real SARIF consumer: Microsoft's SARIF Multitool, pinned, validates what `show --format sarif` writes.
const repos = useDebateRepos();
const run = promisify(execFile);

interface ValidationLog {
  runs: Array<{ results?: Array<{ ruleId: string; level?: string; message: { text?: string; arguments?: string[] } }>; invocations?: Array<{ executionSuccessful: boolean }> }>;
}

describe(`SARIF Multitool ${pinned['sarif-multitool'].version}, for real`, () => {
  it("validates the SARIF of a real debate with no error and no warning but the missing home page, GitHub code scanning's rules included", async () => {
    const tool = path.join(clisBin(), 'sarif-multitool');
    if (!existsSync(tool)) throw new Error(`The SARIF Multitool is not installed at ${tool}: run \`node test/contract/install-clis.mjs\` (npm run test:agents does).`);
    const repo = await repos.repo();
    const duo = await startCli(['duo', '--agent', 'builtin', '--report', 'sarif:../debate.sarif', 'the diff against main'], { cwd: repo.dir }).exited;
    expect(duo.code, duo.stderr).toBe(0);
    const sarif = path.join(path.dirname(repo.dir), 'debate.sarif');
    const out = path.join(path.dirname(repo.dir), 'validation.sarif');
    // The SARIF rules and GitHub code scanning's own (GH...), errors and warnings.
    await run(tool, ['validate', sarif, '--output', out, '--level', 'Error', 'Warning', '--rule-kind', 'Sarif', 'Gh'], { timeout: 120_000 });
    const validation = JSON.parse(await readFile(out, 'utf8')) as ValidationLog;
    expect(validation.runs[0]?.invocations?.[0]?.executionSuccessful).toBe(true);
    const problems = (validation.runs[0]?.results ?? []).filter((result) => (result.level ?? 'warning') !== 'note');
    // The tool's informationUri is the home page package.json names; with none named, SARIF has
    // none rather than a guessed address, and the Multitool's one warning for it is expected.
    const pkg = JSON.parse(await readFile(new URL('../../package.json', import.meta.url), 'utf8')) as { homepage?: string; repository?: unknown };
    const homeless = pkg.homepage === undefined && pkg.repository === undefined;
    const expected = homeless ? ['SARIF2005 warning: {"id":"Warning_ProvideToolnformationUri","arguments":["runs[0].tool.driver","code-debate"]}'] : [];
    expect(problems.map((result) => `${result.ruleId} ${result.level ?? 'warning'}: ${JSON.stringify(result.message)}`)).toEqual(expected);
  });
});
