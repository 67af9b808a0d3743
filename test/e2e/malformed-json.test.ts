import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { useDebateRepos } from '../helpers/e2e.js';
import { scriptedAgent, startCli } from '../helpers/run-cli.js';

const repos = useDebateRepos();

// A Review as JSON, cut short as a program that dies mid-print leaves it.
const truncated = '{\n  "summary": "One finding.",\n  "newPoints": [\n    {\n      "title": "Debug output left in",\n      "severity": "med';

describe('an agent whose JSON does not parse', () => {
  it('is told so, where, and asked for the JSON again, never for Markdown headings; after three tries nothing is written (exit 4)', async () => {
    const repo = await repos.repo();
    const agent = await repo.script('agent', { review: truncated });
    const reviewer = await startCli(['--agent', scriptedAgent(agent.script, agent.log), 'HEAD'], { cwd: repo.dir }).exited;
    const problem = 'The JSON did not parse: the text ends inside a string, at 6:23 (line:column). Send the whole JSON object again, complete and valid.';
    expect(reviewer.code, reviewer.stderr).toBe(4);
    expect(reviewer.stderr).toContain(`the agent's ## Review could not be used (${problem})`);
    expect(reviewer.stderr).toContain(`could not write a usable \`## Review\` in 3 tries: ${problem} Check the agent and its model`);
    expect(reviewer.stderr).not.toContain('under its own heading');
    const calls = (await readFile(agent.log, 'utf8'))
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { stdin: string });
    expect(calls).toHaveLength(3);
    for (const call of calls.slice(1)) {
      expect(call.stdin).toContain(`Your previous answer could not be used as \`## Review\`:\n\n- ${problem}\n\nAnswer again with the whole JSON object, fixed.`);
      expect(call.stdin).not.toContain('its own heading `### R1');
    }
    await expect(readFile(repo.file)).rejects.toThrow();
  });
});
