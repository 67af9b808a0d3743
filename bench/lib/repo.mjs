import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, realpathSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

// The bench sees neither the machine's git config nor a GIT_DIR inherited from a hook.
export const gitEnv = {
  ...process.env,
  GIT_CONFIG_NOSYSTEM: '1',
  GIT_CONFIG_GLOBAL: os.devNull,
  GIT_AUTHOR_NAME: 'Bench',
  GIT_AUTHOR_EMAIL: 'bench@example.invalid',
  GIT_COMMITTER_NAME: 'Bench',
  GIT_COMMITTER_EMAIL: 'bench@example.invalid',
};
for (const name of ['GIT_DIR', 'GIT_WORK_TREE', 'GIT_INDEX_FILE']) delete gitEnv[name];

export const subject = 'the diff against main';

const made = new Set();

/** Removes every repository the bench made and has not removed yet: after a failure or an interrupt. */
export function cleanupAll() {
  for (const parent of made) rmSync(parent, { recursive: true, force: true });
  made.clear();
}

/**
 * Dates what git's refs are read from a minute back, as in a repository whose last commit was not
 * made the instant before the debate: code-debate trusts that refs have not moved only when their
 * last change is seconds old (src/git/ref-stamp.ts), and otherwise asks git again each turn.
 */
function backdateRefs(gitDir) {
  const then = new Date(Date.now() - 60_000);
  const directories = (dir) => [
    dir,
    ...readdirSync(dir, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .flatMap((entry) => directories(path.join(dir, entry.name))),
  ];
  const files = readdirSync(gitDir, { withFileTypes: true })
    .filter((entry) => !entry.isDirectory())
    .map((entry) => path.join(gitDir, entry.name));
  for (const entry of [...files, ...directories(path.join(gitDir, 'refs'))]) utimesSync(entry, then, then);
}

/**
 * A throw-away repository like the tests' debate repo: `main` with src/app.js, and a branch
 * `feature` whose commit adds a debug line, so `the diff against main` has something to review.
 */
export function makeBenchRepo(label) {
  const parent = realpathSync(mkdtempSync(path.join(os.tmpdir(), `code-debate-bench-${label}-`)));
  const dir = path.join(parent, 'repo');
  mkdirSync(path.join(dir, 'src'), { recursive: true });
  made.add(parent);
  const git = (...args) => execFileSync('git', args, { cwd: dir, env: gitEnv, encoding: 'utf8' }).trim();
  git('-c', 'init.defaultBranch=main', 'init', '-q');
  git('config', 'commit.gpgsign', 'false');
  writeFileSync(path.join(dir, 'src/app.js'), 'export function greet(name) {\n  return `hi ${name}`;\n}\n');
  git('add', '-A');
  git('commit', '-q', '-m', 'Initial commit');
  git('checkout', '-q', '-b', 'feature');
  writeFileSync(path.join(dir, 'src/app.js'), 'export function greet(name) {\n  console.log(name);\n  return `hi ${name}`;\n}\n');
  git('commit', '-q', '-am', 'Log the name');
  backdateRefs(path.join(dir, '.git'));
  return {
    /** Real path of the work tree. */
    dir,
    /** A private directory beside the work tree, for logs and prompts. */
    scratch: parent,
    file: path.join(dir, 'reply.md'),
    gitDir: path.join(dir, '.git'),
    git,
    cleanup() {
      rmSync(parent, { recursive: true, force: true });
      made.delete(parent);
    },
  };
}
