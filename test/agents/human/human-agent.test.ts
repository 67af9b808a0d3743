import { chmod, mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import type { TurnRequest } from '../../../src/agents/agent.js';
import { createHumanAgent } from '../../../src/agents/human/human-agent.js';
import { AgentError } from '../../../src/errors.js';
import { describeDuration } from '../../../src/format-duration.js';
import type { Subject } from '../../../src/subject/subject.js';
import { parseDocument } from '../../../src/protocol/parse-document.js';
import { startDeadlineMs } from '../../helpers/start-deadline.js';
import { useTempDir } from '../../helpers/temp-dir.js';
import { waitFor } from '../../helpers/wait-for.js';

const editorPath = fileURLToPath(new URL('fixtures/fake-editor.mjs', import.meta.url));

const dirs: string[] = [];
const pids: number[] = [];
afterEach(async () => {
  for (const pid of pids.splice(0)) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // Already gone, as it should be.
    }
  }
  await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

const tempDir = useTempDir('human-test');

const review = `# Code Debate: the diff against main

## Review

### R1. Debug output left in
**Severity:** high
**Evidence:** \`src/app.js:3\`

A console.log is left in.

### R2. No test for the new branch
**Severity:** medium

Nothing covers it.

*— Reviewer · builtin · 2026-01-01T00:00:00Z*
`;

const reviewAndResponse = `${review}
---

## Response 1

### R1. Debug output left in
**Agreed**: it goes.

### R2. No test for the new branch
**Partially agreed**: one test, not three.

*— Responder · human · 2026-01-01T00:05:00Z*
`;

function documentOf(text: string) {
  const parsed = parseDocument(text);
  if (!parsed.ok) throw parsed.error;
  return parsed.document;
}

interface EditorRun {
  pid: number;
  argv: string[];
  cwd: string;
  file: string;
  draft: string;
  mark: string | null;
}

/** A human agent whose EDITOR is the fake editor following `script` (see the fixture). */
async function humanWith(script: unknown[], options: { env?: NodeJS.ProcessEnv; isTerminal?: () => boolean; variable?: 'EDITOR' | 'VISUAL' } = {}) {
  const dir = await tempDir();
  const scriptFile = path.join(dir, 'script.json');
  const log = path.join(dir, 'editor log.jsonl');
  await writeFile(scriptFile, JSON.stringify(script));
  const command = `'${process.execPath}' '${editorPath}' --script '${scriptFile}' --log '${log}'`;
  const agent = createHumanAgent({
    env: { PATH: process.env.PATH, EDITOR_TEST_MARK: 'from the agent env', [options.variable ?? 'EDITOR']: command, ...options.env },
    isTerminal: options.isTerminal ?? (() => true),
  });
  const runs = async (): Promise<EditorRun[]> => {
    const text = await readFile(log, 'utf8').catch(() => '');
    const entries = text
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as EditorRun);
    pids.push(...entries.map((entry) => entry.pid));
    return entries;
  };
  return { dir, agent, runs, scriptFile, log };
}

function turnRequest(cwd: string, overrides: Partial<TurnRequest> = {}): TurnRequest {
  return {
    role: 'responder',
    turn: 'response',
    round: 1,
    prompt: 'Answer the review.',
    continuation: 'Answer the review (continued).',
    document: documentOf(review),
    // The human agent never reads the subject: only what identifies it is filled in.
    subject: { text: 'the diff against main', kind: 'against', description: 'the diff against main' } as Subject,
    cwd,
    file: path.join(cwd, 'reply.md'),
    signal: new AbortController().signal,
    timeoutMs: 480_000,
    ...overrides,
  };
}

const header = (role: string, heading: string, file: string, guide: string[], extra: string[] = []) =>
  [
    '<!--',
    `  code-debate: you are the ${role}. Write \`## ${heading}\`,`,
    '  below this comment; code-debate adds the heading, the separator and your',
    '  signature.',
    `  The debate so far is in ${file}.`,
    '',
    ...guide.map((line) => (line === '' ? '' : `  ${line}`)),
    '',
    '  HTML comments like this one are removed. Save and quit when you are done;',
    '  a draft left empty or unchanged is not a turn. code-debate waits',
    '  8 minutes (--agent-timeout).',
    ...extra,
    '-->',
  ].join('\n');

const responseGuide = [
  'Answer every open point under its heading, starting with exactly one of:',
  '  **Agreed**            the point is right; say what will be done',
  '  **Partially agreed**  what you agree with and what not, with reasoning',
  '  **Disagreed**         why not, with evidence (`path:line`, code, docs)',
];

// Under each open point: how it stands, its evidence and the Reviewer's words, within 80 columns.
const responseSkeleton =
  '### R1. Debug output left in\n<!--\n  high. Reply with **Agreed**, **Partially agreed** or **Disagreed**,\n  then say why.\n  Evidence: src/app.js:3\n\n' +
  '  The Reviewer, in Review:\n    **Severity:** high\n    **Evidence:** `src/app.js:3`\n    A console.log is left in.\n-->\n\n\n' +
  '### R2. No test for the new branch\n<!--\n  medium. Reply with **Agreed**, **Partially agreed** or **Disagreed**,\n  then say why.\n\n' +
  '  The Reviewer, in Review:\n    **Severity:** medium\n    Nothing covers it.\n-->\n\n\n';

describe('createHumanAgent', () => {
  it('opens a draft with the instructions, the open points and the labels to answer them with, and returns what the person wrote', async () => {
    const answer = '\nR1 is right: **Agreed**, removing it.\n\n```html\n<!-- this comment is code, it stays -->\n```\n';
    const { dir, agent, runs } = await humanWith([{ append: answer }]);
    expect(agent.name).toBe('human');
    const text = await agent.writeTurn(turnRequest(dir));
    expect(text).toBe(
      '### R1. Debug output left in\n\n### R2. No test for the new branch\n\nR1 is right: **Agreed**, removing it.\n\n```html\n<!-- this comment is code, it stays -->\n```',
    );
    const [run, ...more] = await runs();
    expect(more).toEqual([]);
    expect(run?.draft).toBe(`${header('Responder', 'Response 1', path.join(dir, 'reply.md'), responseGuide)}\n\n${responseSkeleton}`);
    expect(run?.file).toMatch(new RegExp(`^${os.tmpdir()}/code-debate-human-[^/]+/response-1\\.md$`));
    expect(run?.argv).toEqual(['--script', path.join(dir, 'script.json'), '--log', path.join(dir, 'editor log.jsonl'), run?.file]);
    expect(run?.cwd).toBe(dir);
    expect(run?.mark).toBe('from the agent env');
    await expect(stat(path.dirname(run?.file ?? ''))).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('offers Maintained, Accepted or Withdrawn in a follow-up, for the open points only', async () => {
    const { dir, agent, runs } = await humanWith([{ write: '### R2. No test for the new branch\n**Accepted**: one test will do.\n' }]);
    const request = turnRequest(dir, { role: 'reviewer', turn: 'follow-up', round: 1, document: documentOf(reviewAndResponse) });
    expect(await agent.writeTurn(request)).toBe('### R2. No test for the new branch\n**Accepted**: one test will do.');
    const [run] = await runs();
    const guide = [
      'Answer only the points still open, each under its heading, with one of:',
      '  **Maintained**  you keep the point; answer the reasoning with new evidence',
      '  **Accepted**    the answer convinces you',
      '  **Withdrawn**   the point does not hold; say why',
      'Delete the heading of a point you leave as it is.',
      "Answer the Responder's own points (F1, ...) with **Agreed**,",
      '**Partially agreed** or **Disagreed**, like a Response.',
      'Raise a new point as `### R<next id>. <title>`.',
    ];
    expect(run?.draft).toBe(
      `${header('Reviewer', 'Reviewer Follow-up 1', path.join(dir, 'reply.md'), guide)}\n\n` +
        '### R2. No test for the new branch\n<!--\n  medium · the Responder: partially agreed. Reply with **Maintained**,\n  **Accepted** or **Withdrawn**,\n  then say why.\n\n' +
        '  The Reviewer, in Review:\n    **Severity:** medium\n    Nothing covers it.\n\n  The Responder, in Response 1:\n    ### R2. No test for the new branch\n    **Partially agreed**: one test, not three.\n-->\n\n\n',
    );
    expect(path.basename(run?.file ?? '')).toBe('reviewer-follow-up-1.md');
  });

  it('explains the format of a review, and lists the open points for a CONSENSUS', async () => {
    const { dir, agent, runs } = await humanWith([{ append: 'Written.' }]);
    await agent.writeTurn(turnRequest(dir, { role: 'reviewer', turn: 'review', document: documentOf('') }));
    await agent.writeTurn(turnRequest(dir, { role: 'reviewer', turn: 'consensus', round: 1, document: documentOf(reviewAndResponse) }));
    const [reviewRun, consensusRun] = await runs();
    const file = path.join(dir, 'reply.md');
    expect(reviewRun?.draft).toBe(
      `${header('Reviewer', 'Review', file, [
        'Raise each point under a heading of its own, with its severity and evidence:',
        '',
        '  ### R1. <title>',
        '  **Severity:** critical | high | medium | low | nit',
        '  **Evidence:** `path/to/file.ts:42`',
        '  <what is wrong, and what to do about it>',
      ])}\n\n\n`,
    );
    expect(consensusRun?.draft).toBe(
      `${header(
        'Reviewer',
        'CONSENSUS',
        file,
        [
          'Write the closing summary: what was decided, and the action items.',
          'code-debate opens the section with the outcome and the lists of agreed',
          'and disputed points itself.',
          '',
          'Points still open:',
          '  R2. No test for the new branch (medium · the Responder: partially agreed)',
        ],
        // The log is hidden while the editor runs: the draft says what came since the last one.
        ['', '  Since your last draft:', '    the Reviewer (builtin) wrote ## Review at 00:00', '    the Responder (human) wrote ## Response 1 at 00:05'],
      )}\n\n\n`,
    );
  });

  it('gives a Reviewer the change below a scissors line that is removed on save, and keeps every comment line within 80 columns', async () => {
    const diff = 'diff --git a/src/app.js b/src/app.js\n--- a/src/app.js\n+++ b/src/app.js\n@@ -1,2 +1,3 @@\n+console.log(name);\n';
    const { dir, agent, runs } = await humanWith([
      {
        write:
          '### R1. Debug output left in\n**Severity:** medium\n**Evidence:** `src/app.js:1`\n\nRemove it.\n\n# ------------------------ >8 ------------------------\nwhatever is below is not the review\n',
      },
    ]);
    const subject = { text: 'the diff against main', kind: 'against', description: 'the diff against main', diff } as Subject;
    const text = await agent.writeTurn(turnRequest(dir, { role: 'reviewer', turn: 'review', document: documentOf(''), subject }));
    expect(text).toBe('### R1. Debug output left in\n**Severity:** medium\n**Evidence:** `src/app.js:1`\n\nRemove it.');
    const [run] = await runs();
    expect(run?.draft).toContain(
      `\n# ------------------------ >8 ------------------------\n# Do not modify or remove the line above: everything below it is removed on save.\n# The change under review (\`git diff\` of the subject):\n\n${diff}`,
    );
    const follow = await humanWith([{ write: '### R2. No test for the new branch\n**Accepted**.' }]);
    await follow.agent.writeTurn(turnRequest(follow.dir, { role: 'reviewer', turn: 'follow-up', round: 1, document: documentOf(reviewAndResponse) }));
    for (const draft of [run?.draft ?? '', ...(await follow.runs()).map((entry) => entry.draft)]) {
      const comments = draft.match(/<!--[\s\S]*?-->/g) ?? [];
      for (const line of comments.join('\n').split('\n')) expect(line.length, line).toBeLessThanOrEqual(80);
    }
  });

  it('says in the draft the warnings given since the last turn, as the log is hidden while the editor runs', async () => {
    const { dir, agent, runs } = await humanWith([{ append: '### R1. Debug output left in\n**Agreed**.' }]);
    await agent.writeTurn(turnRequest(dir, { notices: ['the Review was written for another diff: it reviewed 1a2b3c4..5d6e7f8 (main..feature~1).'] }));
    const [run] = await runs();
    expect(run?.draft).toContain('\n  Since your last draft:\n    warning: the Review was written for another diff: it reviewed\n    1a2b3c4..5d6e7f8 (main..feature~1).\n');
  });

  it('opens the draft again when it was left unchanged or emptied, saying so', async () => {
    const { dir, agent, runs } = await humanWith(['unchanged', 'empty', { write: '### R1. Debug output left in\n**Agreed**.' }]);
    expect(await agent.writeTurn(turnRequest(dir))).toBe('### R1. Debug output left in\n**Agreed**.');
    const drafts = (await runs()).map((run) => run.draft);
    const file = path.join(dir, 'reply.md');
    expect(drafts).toEqual([
      `${header('Responder', 'Response 1', file, responseGuide)}\n\n${responseSkeleton}`,
      `${header('Responder', 'Response 1', file, responseGuide, ['', '  Your last draft was unchanged: write the section, or leave it so 2 more', '  times to give up.'])}\n\n${responseSkeleton}`,
      `${header('Responder', 'Response 1', file, responseGuide, ['', '  Your last draft was empty: write the section, or leave it so once more to', '  give up.'])}\n\n${responseSkeleton}`,
    ]);
  });

  it('takes a draft whose only change is inside the comments as unchanged', async () => {
    const { dir, agent, runs } = await humanWith([{ write: '<!-- I typed in the comment -->\n' }, { write: 'Done.' }]);
    expect(await agent.writeTurn(turnRequest(dir))).toBe('Done.');
    expect(await runs()).toHaveLength(2);
  });

  it('fails with empty-output after three drafts left unchanged or empty, and removes the draft', async () => {
    const { dir, agent, runs } = await humanWith(['unchanged', 'empty', 'unchanged']);
    const error: unknown = await agent.writeTurn(turnRequest(dir, { round: 2 })).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AgentError);
    expect((error as AgentError).message).toBe(
      'Agent `human` failed to write response 2: the draft was left empty or unchanged 3 times, so there is no section to write. ' +
        'Run code-debate again when you are ready to write it, or choose another --agent.',
    );
    expect((error as AgentError).kind).toBe('empty-output');
    const all = await runs();
    expect(all).toHaveLength(3);
    await expect(stat(path.dirname(all[0]?.file ?? ''))).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('when asked again, opens what the person wrote with what was wrong with it', async () => {
    const first = '### R1. Debug output left in\n**Agreed**: it goes.';
    const { dir, agent, runs } = await humanWith([{ write: first }, { append: '\n### R2. No test for the new branch\n**Disagreed**: it is covered.\n' }]);
    expect(await agent.writeTurn(turnRequest(dir))).toBe(first);
    const again =
      'Answer the review.\n\n---\n\nYour previous answer could not be used as `## Response 1`:\n\n- It does not answer R2: answer every open point.\n\nWrite the whole section again, fixed.';
    expect(await agent.writeTurn(turnRequest(dir, { prompt: again }))).toBe(
      '### R1. Debug output left in\n**Agreed**: it goes.\n\n### R2. No test for the new branch\n**Disagreed**: it is covered.',
    );
    const [, second] = await runs();
    expect(second?.draft).toBe(
      `${header('Responder', 'Response 1', path.join(dir, 'reply.md'), responseGuide, [
        '',
        '  code-debate could not use your last draft:',
        '    Your previous answer could not be used as `## Response 1`:',
        '    - It does not answer R2: answer every open point.',
        '    Write the whole section again, fixed.',
      ])}\n\n${first}\n`,
    );
  });

  it('refuses at once without a terminal, saying why', async () => {
    const { dir, agent, runs } = await humanWith([{ write: 'unused' }], { isTerminal: () => false });
    await expect(agent.writeTurn(turnRequest(dir))).rejects.toThrow(
      new AgentError(
        'Agent `human` failed to write response 1: the human agent needs a terminal to open your editor, and stdin or stdout is not one. ' +
          'Run code-debate in a terminal, or choose another --agent.',
        'not-installed',
      ),
    );
    expect(await runs()).toEqual([]);
  });

  it('prefers VISUAL to EDITOR', async () => {
    const { dir, agent, runs } = await humanWith([{ write: 'From VISUAL.' }], { variable: 'VISUAL', env: { EDITOR: 'no-such-editor' } });
    expect(await agent.writeTurn(turnRequest(dir))).toBe('From VISUAL.');
    expect(await runs()).toHaveLength(1);
  });

  it('falls back to vi on PATH, and says to set EDITOR when there is none', async () => {
    const { dir, runs, scriptFile, log } = await humanWith([{ write: 'From vi.' }]);
    const bin = path.join(dir, 'bin');
    await mkdir(bin);
    await writeFile(path.join(bin, 'vi'), `#!/bin/sh\nexec '${process.execPath}' '${editorPath}' --script '${scriptFile}' --log '${log}' "$@"\n`);
    await chmod(path.join(bin, 'vi'), 0o755);
    const withVi = createHumanAgent({ env: { PATH: bin, EDITOR: '  ' }, isTerminal: () => true });
    expect(await withVi.writeTurn(turnRequest(dir))).toBe('From vi.');
    expect(await runs()).toHaveLength(1);

    const withoutVi = createHumanAgent({ env: { PATH: path.join(dir, 'empty') }, isTerminal: () => true });
    await expect(withoutVi.writeTurn(turnRequest(dir))).rejects.toThrow(
      new AgentError(
        'Agent `human` failed to write response 1: no editor is set (VISUAL and EDITOR are empty) and `vi` is not on PATH. Set EDITOR, e.g. `export EDITOR=nano`.',
        'not-installed',
      ),
    );
  });

  it('says when the editor is not installed', async () => {
    const dir = await tempDir();
    const agent = createHumanAgent({ env: { PATH: process.env.PATH, EDITOR: 'no-such-editor --wait' }, isTerminal: () => true });
    await expect(agent.writeTurn(turnRequest(dir))).rejects.toThrow(
      new AgentError(
        'Agent `human` failed to write response 1: the editor `no-such-editor --wait` (from EDITOR) is not installed or not on PATH. Set EDITOR to an editor you have, e.g. `export EDITOR=nano`.',
        'not-installed',
      ),
    );
  });

  it('abandons the turn when the editor exits non-zero, keeping what was written', async () => {
    const { dir, agent, runs } = await humanWith([{ append: 'Half an answer.', exit: 1 }]);
    const error: unknown = await agent.writeTurn(turnRequest(dir)).catch((caught: unknown) => caught);
    const [run] = await runs();
    const command = `'${process.execPath}' '${editorPath}' --script '${path.join(dir, 'script.json')}' --log '${path.join(dir, 'editor log.jsonl')}'`;
    expect(error).toBeInstanceOf(AgentError);
    expect((error as AgentError).message).toBe(
      `Agent \`human\` failed to write response 1: the editor \`${command}\` exited with code 1 (\`:cq\` in vi does that), so the turn was abandoned and nothing was written. ` +
        `Your draft is kept in ${run?.file}. Run code-debate again to write it.`,
    );
    expect((error as AgentError).kind).toBe('interrupted');
    expect(await readFile(run?.file ?? '', 'utf8')).toBe(`${run?.draft}Half an answer.`);
    dirs.push(path.dirname(run?.file ?? ''));
  });

  it('stops the editor at the turn’s deadline, keeping what was written', async () => {
    const { dir, agent, runs } = await humanWith([{ append: 'Still writing', hang: true }]);
    // The editor must have started and written before the deadline, however busy the machine is.
    const timeoutMs = await startDeadlineMs(1_500);
    const error: unknown = await agent.writeTurn(turnRequest(dir, { timeoutMs })).catch((caught: unknown) => caught);
    const [run] = await runs();
    expect(error).toBeInstanceOf(AgentError);
    expect((error as AgentError).message).toBe(
      `Agent \`human\` failed to write response 1: the draft was not saved and closed within ${describeDuration(timeoutMs)} (--agent-timeout), so the editor was stopped. Your draft is kept in ${run?.file}. ` +
        'Raise --agent-timeout to take longer.',
    );
    expect((error as AgentError).kind).toBe('timed-out');
    await waitFor(() => !isAlive(run?.pid ?? 0), `editor ${run?.pid} to be gone`, 5_000);
    dirs.push(path.dirname(run?.file ?? ''));
  });

  it('stops the editor when the turn is interrupted, removing an untouched draft', async () => {
    const { dir, agent, runs } = await humanWith([{ hang: true }]);
    const controller = new AbortController();
    const turn = agent.writeTurn(turnRequest(dir, { signal: controller.signal })).catch((caught: unknown) => caught);
    const [run] = await waitFor(async () => ((await runs()).length === 1 ? runs() : null), 'the editor to start');
    controller.abort();
    const error = await turn;
    expect(error).toEqual(new AgentError('Agent `human` failed to write response 1: the turn was interrupted.', 'interrupted'));
    expect((error as AgentError).kind).toBe('interrupted');
    await waitFor(() => !isAlive(run?.pid ?? 0), `editor ${run?.pid} to be gone`, 5_000);
    await expect(stat(path.dirname(run?.file ?? ''))).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('opens no editor for a turn interrupted before it started', async () => {
    const { dir, agent, runs } = await humanWith([{ write: 'unused' }]);
    const controller = new AbortController();
    controller.abort();
    await expect(agent.writeTurn(turnRequest(dir, { signal: controller.signal }))).rejects.toThrow(
      new AgentError('Agent `human` failed to write response 1: the turn was interrupted.', 'interrupted'),
    );
    expect(await runs()).toEqual([]);
  });
});

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
