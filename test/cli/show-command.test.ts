import { afterEach, describe, expect, it } from 'vitest';
import { runShow } from '../../src/cli/show-command.js';
import { fixtures } from '../ledger/ledger-fixtures.js';
import { makeGitRepo, type GitRepo } from '../helpers/git-repo.js';

let repo: GitRepo | null = null;
afterEach(async () => {
  await repo?.cleanup();
  repo = null;
});

async function show(files: Record<string, string>, options: { file?: string; json?: boolean; sub?: string } = {}): Promise<{ code: number; out: string }> {
  repo = await makeGitRepo({ 'README.md': 'x\n', ...files });
  let out = '';
  const code = await runShow({
    file: options.file ?? 'reply.md',
    cwd: options.sub ? `${repo.dir}/${options.sub}` : repo.dir,
    format: options.json ? 'json' : 'text',
    output: null,
    blockOn: 'high',
    blockReproduced: 'regardless',
    env: {},
    write: (text) => (out += text),
  });
  return { code, out };
}

describe('code-debate show', () => {
  it('prints the table and the convergence state of a plain-peer debate', async () => {
    const { code, out } = await show({ 'reply.md': fixtures.seedDisagree });
    expect(code).toBe(0);
    expect(out).toBe(
      [
        'Code Debate: HEAD: disputed, 5 rounds, DIVERGENT',
        'Convergence: 1 DIVERGENT → 2 DIVERGENT → 3 DIVERGENT → 4 DIVERGENT → 5 DIVERGENT',
        '',
        'id  severity  status  confidence  rounds  reviewer       responder  title',
        'R1  -         open    LOW         1-5     uncategorized  disagreed  Unchecked return value',
        'R2  -         open    LOW         1-5     uncategorized  disagreed  Missing test for the new branch',
        '',
        'Flags:',
        '- stalled: Round 3 brought no new reasoning on any open point.',
        '- stalled: Round 4 brought no new reasoning on any open point.',
        '- stalled: Round 5 brought no new reasoning on any open point.',
        // Open points without a severity: none is at `high` or above.
        'Nothing blocks at high or above.',
        'Spend: No agent reported its usage.',
        '',
      ].join('\n'),
    );
  });

  it('prints the versioned JSON report of a running debate, with --file from a subfolder', async () => {
    const { code, out } = await show({ 'docs/debate.md': fixtures.ours, 'src/x.ts': '' }, { file: '../docs/debate.md', json: true, sub: 'src' });
    expect(code).toBe(0);
    const report = JSON.parse(out) as { version: number; outcome: string; state: string; points: Array<{ id: string; status: string }> };
    expect([report.version, report.outcome, report.state]).toEqual([1, 'running', 'CONVERGING']);
    expect(report.points.map((point) => `${point.id} ${point.status}`)).toEqual(['R1 resolved', 'R2 resolved', 'R3 resolved', 'R4 open']);
  });

  it('says so and returns 5 for a file that breaks the protocol', async () => {
    const { code, out } = await show({ 'reply.md': '# Code Debate: x\n\n## Review\n\n1. a\n\n## Notes\n\nhi\n' });
    expect(code).toBe(5);
    expect(out).toMatch(/^code-debate show: Cannot read `reply\.md` as a debate file \(line 7\): Cannot read the level-2 heading `Notes` at line 7/);
  });

  it('returns 5 for a file that is not a debate, random bytes or source, never showing it as running', async () => {
    const expected = (file: string) =>
      `code-debate show: Cannot read \`${file}\` as a debate file: it is not one (no \`# Code Debate:\` title and no section such as \`## Review\` in it). Pass --file with the debate file's path.\n`;
    expect(await show({ 'reply.md': '\u0007\u00ff\u0010\u00f0\u0000garbage\u001b[2J' })).toEqual({ code: 5, out: expected('reply.md') });
    expect(await show({ 'src/app.js': 'export const a = 1;\n' }, { file: 'src/app.js' })).toEqual({ code: 5, out: expected('src/app.js') });
  });

  it('returns 2 for a missing file or a path outside the work tree', async () => {
    expect(await show({})).toEqual({
      code: 2,
      out: expect.stringMatching(/^code-debate show: Cannot read `reply\.md`: there is no such file at .*reply\.md\. Pass --file/) as unknown as string,
    });
    const outside = await show({}, { file: '../elsewhere.md' });
    expect(outside.code).toBe(2);
    expect(outside.out).toMatch(/outside the work tree/);
  });
});
