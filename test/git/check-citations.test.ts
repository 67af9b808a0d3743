import { mkdir, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { GitError } from '../../src/errors.js';
import { checkCitations, type CitationCheck } from '../../src/git/check-citations.js';
import { formatFailedCitations } from '../../src/ledger/citation-report.js';
import { readCitations, type Citation } from '../../src/protocol/read-citations.js';
import { makeGitRepo, type GitRepo } from '../helpers/git-repo.js';
import { parseOk } from '../protocol/parse-ok.js';

const source = ['import { run } from "./run";', 'const b = 2;', '', 'if (b) {', '  run(b);', '}', ''].join('\n');

function cite(path: string, line: number, quote: string | null = null, endLine = line, section = 'Review'): Citation {
  return { section, path, line, endLine, quote, alternatives: [] };
}

/** The problems of the checks, null for a check that passed. */
const problems = (checks: readonly CitationCheck[]) => checks.map((check) => check.problem);

describe('checkCitations at a commit', () => {
  let repo: GitRepo;
  let head: string;
  let short: string;
  beforeEach(async () => {
    repo = await makeGitRepo({ 'src/a.ts': source, 'src/empty.ts': '', 'src/crlf.ts': 'one\r\ntwo\r\n', 'img.bin': 'GIF\0\u0001' });
    await mkdir(path.join(repo.dir, 'src', 'dir'));
    await repo.write('src/dir/x.ts', 'x\n');
    await symlink('a.ts', path.join(repo.dir, 'src', 'link.ts'));
    head = await repo.commit('Second');
    short = head.slice(0, 7);
    // The work tree moves on: a check at `head` must not see this.
    await repo.write('src/a.ts', 'changed\n');
    await repo.write('src/new.ts', 'new\n');
  });
  afterEach(async () => {
    await repo.cleanup();
  });

  const check = (...citations: Citation[]) => checkCitations(repo.dir, { head }, citations);

  it('passes a cited line that exists, with or without a quote, reading the commit and not the work tree', async () => {
    const checks = await check(cite('src/a.ts', 2), cite('src/a.ts', 5, 'run(b);'), cite('src/a.ts', 1, null, 6));
    expect(checks).toEqual([
      { ...cite('src/a.ts', 2), ok: true, problem: null },
      { ...cite('src/a.ts', 5, 'run(b);'), ok: true, problem: null },
      { ...cite('src/a.ts', 1, null, 6), ok: true, problem: null },
    ]);
  });

  it('fails a file that does not exist at the commit, even when the work tree has it', async () => {
    expect(problems(await check(cite('src/gone.ts', 1), cite('src/new.ts', 1)))).toEqual([`src/gone.ts does not exist at ${short}`, `src/new.ts does not exist at ${short}`]);
  });

  it('fails a line or a range past the end of the file, and lines that cannot exist', async () => {
    expect(problems(await check(cite('src/a.ts', 120), cite('src/a.ts', 5, null, 9), cite('src/a.ts', 0), cite('src/a.ts', 4, null, 2), cite('src/empty.ts', 1)))).toEqual([
      'src/a.ts has 6 lines, not 120',
      'src/a.ts has 6 lines, not 9',
      'src/a.ts:0 does not exist: lines start at 1',
      'src/a.ts:4-2 is not a range: it ends before it starts',
      'src/empty.ts is empty: it has no line 1',
    ]);
  });

  it('fails a quote that is not there, showing what the line reads', async () => {
    expect(problems(await check(cite('src/a.ts', 2, 'foo()'), cite('src/a.ts', 3, 'foo()'), cite('src/a.ts', 1, 'a`b', 2)))).toEqual([
      '`foo()` is not at src/a.ts:2 (line 2 reads `const b = 2;`)',
      '`foo()` is not at src/a.ts:3 (line 3 is empty)',
      '``a`b`` is not at src/a.ts:1-2 (lines 1-2 read `import { run } from "./run";`, `const b = 2;`)',
    ]);
  });

  it('passes a citation when any code span of its clause is there, and names them all when none is', async () => {
    const either = { ...cite('src/a.ts', 5, 'null'), alternatives: ['run(b)'] };
    const neither = { ...cite('src/a.ts', 2, 'null'), alternatives: ['run(b)'] };
    expect(problems(await check(either, neither))).toEqual([null, 'neither `null` nor `run(b)` is at src/a.ts:2 (line 2 reads `const b = 2;`)']);
  });

  it('finds a quote up to two lines from the cited ones, and not three', async () => {
    expect(problems(await check(cite('src/a.ts', 2, 'run(b);'), cite('src/a.ts', 1, 'if (b) {')))).toEqual([
      '`run(b);` is not at src/a.ts:2 (line 2 reads `const b = 2;`)',
      '`if (b) {` is not at src/a.ts:1 (line 1 reads `import { run } from "./run";`)',
    ]);
    expect(problems(await check(cite('src/a.ts', 3, 'run(b);'), cite('src/a.ts', 2, 'if (b) {'), cite('src/a.ts', 6, 'if (b) {'), cite('src/a.ts', 4, 'const b = 2;')))).toEqual([
      null,
      null,
      null,
      null,
    ]);
  });

  it('compares a quote over a range with whitespace ignored, and reads … as omitted text', async () => {
    const checks = await check(
      cite('src/a.ts', 4, 'if (b) {\n    run(b);\n}', 6),
      cite('src/a.ts', 4, 'if(b){run(b);}', 6),
      cite('src/a.ts', 1, 'import { run } from "./r…";', 1),
      cite('src/a.ts', 1, 'import … from "./other";', 1),
    );
    expect(problems(checks)).toEqual([null, null, null, '`import … from "./other";` is not at src/a.ts:1 (line 1 reads `import { run } from "./run";`)']);
  });

  it('reads ... as omitted text as well, and a Markdown escape as the character it escapes', async () => {
    const checks = await check(cite('src/a.ts', 1, 'import { ... } from "./run";'), cite('src/a.ts', 5, 'run\\(b\\);'), cite('src/a.ts', 1, 'import ... from "./other";'));
    expect(problems(checks)).toEqual([null, null, '`import ... from "./other";` is not at src/a.ts:1 (line 1 reads `import { run } from "./run";`)']);
  });

  it('reads a CRLF file by its lines, and refuses binary files, directories and links at the commit', async () => {
    expect(problems(await check(cite('src/crlf.ts', 2, 'two'), cite('src/crlf.ts', 3), cite('img.bin', 1), cite('src/dir', 1), cite('src/link.ts', 1)))).toEqual([
      null,
      'src/crlf.ts has 2 lines, not 3',
      'img.bin is a binary file; it has no lines to cite',
      `src/dir is a directory at ${short}, not a file`,
      `src/link.ts is a symbolic link at ${short}; cite the file it points to`,
    ]);
  });

  it('refuses `..`, absolute and .git paths without reading them', async () => {
    await writeFile(path.join(repo.dir, '..', 'outside.ts'), 'const b = 2;\n');
    expect(problems(await check(cite('../outside.ts', 1), cite('src/../../outside.ts', 1), cite('/etc/hostname', 1), cite('.git/config', 1)))).toEqual([
      '../outside.ts leads outside the work tree; it was not read',
      'src/../../outside.ts leads outside the work tree; it was not read',
      '/etc/hostname is an absolute path, expected one relative to the work tree; it was not read',
      '.git/config is inside a git directory; it was not read',
    ]);
  });

  it('checks every citation of a file against one reading, in the order given', async () => {
    const citations = [cite('src/a.ts', 1), cite('src/x.ts', 1), cite('./src/a.ts', 2), cite('src//a.ts', 99)];
    expect(problems(await check(...citations))).toEqual([null, `src/x.ts does not exist at ${short}`, null, 'src/a.ts has 6 lines, not 99']);
  });

  it('throws a GitError for a commit the repository does not have', async () => {
    const missing = checkCitations(repo.dir, { head: 'f'.repeat(40) }, [cite('src/a.ts', 1)]);
    await expect(missing).rejects.toBeInstanceOf(GitError);
    // git's own words differ between versions (`not a tree object`, `Not a valid object name`).
    await expect(missing).rejects.toThrow(
      new RegExp(
        `^Cannot check citations at f{40}, expected a commit of the repository at ${repo.dir}: git says "fatal: [^"]+"\\. ` +
          'Fetch that commit, or start the debate again on a subject this clone has\\.$',
      ),
    );
  });

  it('needs no git at all when nothing is cited', async () => {
    await expect(checkCitations(path.join(repo.dir, '..'), { head: 'f'.repeat(40) }, [])).resolves.toEqual([]);
  });
});

describe('checkCitations in the work tree (head null)', () => {
  let repo: GitRepo;
  beforeEach(async () => {
    repo = await makeGitRepo({ 'src/a.ts': source });
    await repo.write('src/a.ts', 'uncommitted();\n');
    await repo.write('src/new.ts', 'fresh();\n');
  });
  afterEach(async () => {
    await repo.cleanup();
  });

  const check = (...citations: Citation[]) => checkCitations(repo.dir, { head: null }, citations);

  it('reads the files as they are on disk, untracked ones included', async () => {
    expect(problems(await check(cite('src/a.ts', 1, 'uncommitted()'), cite('src/new.ts', 1, 'fresh()'), cite('src/a.ts', 2), cite('src/gone.ts', 1)))).toEqual([
      null,
      null,
      'src/a.ts has 1 line, not 2',
      'src/gone.ts does not exist in the work tree',
    ]);
  });

  it('never reads a file git ignores, such as .env: a failed check would quote its lines', async () => {
    await writeFile(path.join(repo.dir, '.gitignore'), '.env\n');
    await writeFile(path.join(repo.dir, '.env'), 'DB_PASSWORD=Tr0ub4dor-horse-staple\n');
    const checks = await check(cite('.env', 1, 'foo'));
    expect(problems(checks)).toEqual(['.env is ignored by git; it was not read']);
    expect(JSON.stringify(checks)).not.toContain('Tr0ub4dor');
  });

  it('follows a symbolic link inside the work tree, and refuses one that leads out', async () => {
    await writeFile(path.join(repo.dir, '..', 'secret.ts'), 'uncommitted();\n');
    await symlink('a.ts', path.join(repo.dir, 'src', 'inside.ts'));
    await symlink(path.join(repo.dir, '..', 'secret.ts'), path.join(repo.dir, 'src', 'escape.ts'));
    await symlink('..', path.join(repo.dir, 'up'));
    await symlink('../.git', path.join(repo.dir, 'src', 'git'));
    expect(problems(await check(cite('src/inside.ts', 1, 'uncommitted()'), cite('src/escape.ts', 1), cite('up/secret.ts', 1), cite('src/git/HEAD', 1)))).toEqual([
      null,
      'src/escape.ts links outside the work tree; it was not read',
      'up/secret.ts links outside the work tree; it was not read',
      'src/git/HEAD links into a git directory; it was not read',
    ]);
  });

  it('refuses `..` and absolute paths, and names directories', async () => {
    expect(problems(await check(cite('../repo/src/a.ts', 1), cite(path.join(repo.dir, 'src/a.ts'), 1), cite('src', 1)))).toEqual([
      '../repo/src/a.ts leads outside the work tree; it was not read',
      `${path.join(repo.dir, 'src/a.ts')} is an absolute path, expected one relative to the work tree; it was not read`,
      'src is a directory in the work tree, not a file',
    ]);
  });

  it('reads paths from the top of the work tree when run in a subdirectory', async () => {
    expect(problems(await checkCitations(path.join(repo.dir, 'src'), { head: null }, [cite('src/a.ts', 1, 'uncommitted()')]))).toEqual([null]);
  });
});

describe('formatFailedCitations', () => {
  it('lists each failed check with the section that cited it', () => {
    const checks: CitationCheck[] = [
      { ...cite('src/a.ts', 120, null, 120, 'Response 2'), ok: false, problem: 'src/a.ts has 40 lines, not 120' },
      { ...cite('src/a.ts', 3), ok: true, problem: null },
      { ...cite('src/b.ts', 4, 'foo()', 6), ok: false, problem: '`foo()` is not at src/b.ts:4-6 (lines 4-6 read `a`, `b`, `c`)' },
    ];
    expect(formatFailedCitations(checks)).toBe(
      '- `src/a.ts:120` (Response 2): src/a.ts has 40 lines, not 120\n' + '- `src/b.ts:4-6` (Review): `foo()` is not at src/b.ts:4-6 (lines 4-6 read `a`, `b`, `c`)',
    );
  });

  it('is empty when every check passed', () => {
    expect(formatFailedCitations([{ ...cite('src/a.ts', 3), ok: true, problem: null }])).toBe('');
    expect(formatFailedCitations([])).toBe('');
  });
});

describe('reading, checking and reporting a debate', () => {
  it('reports the made-up citations of every section but the CONSENSUS', async () => {
    const repo = await makeGitRepo({ 'src/a.ts': source });
    try {
      const head = await repo.git('rev-parse', 'HEAD');
      const text = [
        '# Code Debate: HEAD',
        '',
        '## Review',
        '',
        '### R1. Unchecked flag (medium)',
        '`src/a.ts:4` reads `if (b) {`, and `src/a.ts:5` calls `runAll(b)`.',
        '',
        '---',
        '',
        '## Response 1',
        '',
        '**Disagreed**: see src/a.ts:40 and src/b.ts:1.',
        '',
        '---',
        '',
        '## CONSENSUS',
        '',
        'Nothing at src/zzz.ts:1.',
      ].join('\n');
      const checks = await checkCitations(repo.dir, { head }, readCitations(parseOk(text)));
      expect(formatFailedCitations(checks)).toBe(
        [
          '- `src/a.ts:5` (Review): `runAll(b)` is not at src/a.ts:5 (line 5 reads `run(b);`)',
          '- `src/a.ts:40` (Response 1): src/a.ts has 6 lines, not 40',
          `- \`src/b.ts:1\` (Response 1): src/b.ts does not exist at ${head.slice(0, 7)}`,
        ].join('\n'),
      );
    } finally {
      await repo.cleanup();
    }
  });
});
