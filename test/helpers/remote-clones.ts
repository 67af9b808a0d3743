import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { runGit } from './git-repo.js';
import type { DebateRepo } from './e2e.js';

export interface Clone {
  /** The clone's work tree, on the same branch as the repository it came from. */
  dir: string;
  /** A HOME of its own, as a second machine has. */
  home: string;
  env: Record<string, string>;
  readReply(): Promise<string>;
  git(...args: string[]): Promise<string>;
}

/**
 * A bare repository made from `repo` (every branch pushed), next to it, and two clones of it in
 * folders of their own, each with its own HOME: two machines sharing one remote, `origin`.
 */
export async function makeRemoteClones(repo: DebateRepo): Promise<{ bare: string; a: Clone; b: Clone; clone(name: string): Promise<Clone> }> {
  const parent = path.dirname(repo.dir);
  const bare = path.join(parent, 'remote.git');
  await runGit(parent, 'init', '-q', '--bare', bare);
  await repo.git('push', '-q', bare, 'main', 'feature');
  const clone = async (name: string): Promise<Clone> => {
    const dir = path.join(parent, name, 'work');
    const home = path.join(parent, name, 'home');
    await mkdir(home, { recursive: true });
    await runGit(parent, 'clone', '-q', '--branch', 'feature', bare, dir);
    await runGit(dir, 'branch', '-q', 'main', 'origin/main');
    await runGit(dir, 'config', 'user.name', name);
    await runGit(dir, 'config', 'user.email', `${name}@example.invalid`);
    return { dir, home, env: { HOME: home }, readReply: () => readFile(path.join(dir, 'reply.md'), 'utf8'), git: (...args) => runGit(dir, ...args) };
  };
  return { bare, a: await clone('a'), b: await clone('b'), clone };
}
