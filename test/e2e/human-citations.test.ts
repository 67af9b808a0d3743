import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { headingsOf } from '../helpers/debate-repo.js';
import { useDebateRepos } from '../helpers/e2e.js';
import { startInPty } from '../helpers/pty.js';

// A person's editor hides the log and shows no prompt: a citation of theirs that fails the
// evidence check must be said in their next draft, as an agent reads it in its next prompt.
const repos = useDebateRepos();
const editorPath = fileURLToPath(new URL('../agents/human/fixtures/fake-editor.mjs', import.meta.url));

describe("a person's draft", () => {
  it('says that a citation of theirs failed the evidence check, the next turn they write', async () => {
    const repo = await repos.repo();
    const dir = path.dirname(repo.dir);
    const script = path.join(dir, `${path.basename(repo.dir)}-editor.json`);
    const log = path.join(dir, `${path.basename(repo.dir)}-editor.jsonl`);
    // The Review cites line 99 of a file of 4 lines; the CONSENSUS narrative comes next.
    const review = '### R1. Debug output left in\n**Severity:** medium\n**Evidence:** `src/app.js:99`\n\nRemove the log.\n';
    await writeFile(script, JSON.stringify([{ write: review }, { write: 'The log goes.\n' }]));
    const reviewer = startInPty(['--agent', 'human', '--role', 'reviewer', '--max-rounds', '1', 'the diff against main'], {
      cwd: repo.dir,
      columns: 160,
      env: { VISUAL: `'${process.execPath}' '${editorPath}' --script '${script}' --log '${log}'` },
    });
    const responder = startInPty(['--role', 'responder', 'the diff against main'], { cwd: repo.dir, columns: 160 });
    const [exit] = await Promise.all([reviewer.exited, responder.exited]);
    expect(exit.code, exit.stdout).toBe(0);
    expect(headingsOf(await repo.readReply())).toEqual(['## Review', '## Response 1', '## CONSENSUS']);
    const drafts = (await readFile(log, 'utf8'))
      .split('\n')
      .filter(Boolean)
      .map((line) => (JSON.parse(line) as { draft: string }).draft);
    expect(drafts).toHaveLength(2);
    expect(drafts[0]).not.toContain('does not hold');
    // Wrapped to the comment's width: the words joined again to be read whole.
    const said = (drafts[1] ?? '').replace(/\s+/g, ' ');
    expect(said).toContain('warning: a citation does not hold against the code under review (correct it if it is yours): `src/app.js:99` (Review): src/app.js has 4 lines, not 99');
  });
});
