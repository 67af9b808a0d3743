import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkTypedSubject } from '../../src/cli/check-typed-subject.js';
import { ConfigError } from '../../src/errors.js';
import { makeGitRepo, type GitRepo } from '../helpers/git-repo.js';

// main with src/app.js, docs/guide.md and README.md; a branch feature/login and a tag v1.2.
describe('checkTypedSubject', () => {
  let repo: GitRepo;
  let sha: string;
  const check = (subject: string, command: 'code-debate' | 'code-debate duo' = 'code-debate') => checkTypedSubject({ subject, cwd: repo.dir, command });

  async function refusal(subject: string, command: 'code-debate' | 'code-debate duo' = 'code-debate'): Promise<string> {
    const error: unknown = await check(subject, command).then(
      () => null,
      (caught: unknown) => caught,
    );
    expect(error, `expected ${JSON.stringify(subject)} to be refused`).toBeInstanceOf(ConfigError);
    return (error as ConfigError).message;
  }

  beforeAll(async () => {
    repo = await makeGitRepo({ 'src/app.js': 'a\n', 'docs/guide.md': 'g\n', 'README.md': 'r\n' });
    sha = await repo.git('rev-parse', 'HEAD');
    await repo.git('branch', 'feature/login');
    await repo.git('tag', 'v1.2');
  });
  afterAll(async () => {
    await repo.cleanup();
  });

  it.each([
    'HEAD',
    'main',
    'feature/login',
    'v1.2',
    'HEAD~0',
    'main..HEAD',
    'HEAD~3..',
    'staged',
    'index',
    'worktree',
    'uncommitted',
    '#42',
    'https://github.com/o/r/pull/7',
    'src',
    'src/app.js',
    'README.md',
    '.',
    './docs/',
    'the diff against main',
    'working tree',
    'PR #42',
    'commit abc123',
    'the error handling in the parser',
    'src/app.js docs/guide.md',
    'the coupon change in src/nothing.js',
  ])('takes %j', async (subject) => {
    await expect(check(subject)).resolves.toBeUndefined();
  });

  it('takes a commit named by the start of its sha', async () => {
    await expect(check(sha.slice(0, 6))).resolves.toBeUndefined();
  });

  it.each([
    ['stat', 'code-debate status'],
    ['version', 'code-debate --version'],
    ['mian', 'code-debate main'],
    ['stagde', 'code-debate staged'],
    ['feature/logn', 'code-debate feature/login'],
    ['READM', 'code-debate README.md'],
  ])('refuses the one word %j: did you mean `%s`?', async (word, near) => {
    expect(await refusal(word)).toBe(
      `\`${word}\` names no command, revision, existing path or pull request: did you mean \`${near}\`? To debate it as free text, give it as \`code-debate --subject "${word}"\`.`,
    );
  });

  it('refuses a word near nothing, saying what subjects are', async () => {
    expect(await refusal('xyzzy')).toBe(
      '`xyzzy` names no command, revision, existing path or pull request. Subjects are e.g. `HEAD`, `main..HEAD`, `the diff against main`, `staged`, `working tree`, paths or `PR #42`. ' +
        'To debate it as free text, give it as `code-debate --subject "xyzzy"`.',
    );
  });

  it('names duo in its own suggestions, and no command', async () => {
    expect(await refusal('mian', 'code-debate duo')).toBe(
      '`mian` names no command, revision, existing path or pull request: did you mean `code-debate duo main`? To debate it as free text, give it as `code-debate duo --subject "mian"`.',
    );
  });

  it.each([
    ['src/nonexistent.js', null],
    ['src/ap.js', 'src/app.js'],
    ['src/app.ts', 'src/app.js'],
    ['scr/app.js', 'src/app.js'],
    ['dosc/', 'docs/'],
  ])('refuses the path %j that does not exist, naming %j', async (word, near) => {
    const hint = near === null ? '.' : `: did you mean \`code-debate ${near}\`?`;
    expect(await refusal(word)).toBe(
      `\`${word}\` looks like a path, and there is no such file or folder in ${repo.dir}${hint} To debate "${word}" as free text, give it as \`code-debate --subject "${word}"\`.`,
    );
  });

  it('refuses paths of which one does not exist', async () => {
    expect(await refusal('src/app.js docs/gide.md')).toBe(
      `\`docs/gide.md\` looks like a path, and there is no such file or folder in ${repo.dir}: did you mean \`code-debate src/app.js docs/guide.md\`? ` +
        'To debate "src/app.js docs/gide.md" as free text, give it as `code-debate --subject "src/app.js docs/gide.md"`.',
    );
  });

  it('refuses what cannot be a revision', async () => {
    expect(await refusal('..')).toMatch(/^Cannot use `\.\.` as a range/);
  });
});
