import { lstat, readFile, readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { openGit } from './run-git.js';

/**
 * What an agent could change in a repository, as git sees it: the local branches and tags and
 * where HEAD points; every path `git status` lists (changed against HEAD or the index, or
 * untracked and not ignored, as the repository's settings show untracked files) with its status
 * line, which holds the index's object, and each such file's identity on disk (size, inode,
 * change time); and the repository's config, exclude file and hooks, which change what git does
 * and sees. A write to a tracked file lists it; a write to a listed one changes its change time.
 * Files git ignores, remote-tracking refs (a fetch in the background) and other work trees'
 * HEADs are not looked at.
 */
export interface RepoSnapshot {
  refs: ReadonlyMap<string, string>;
  paths: ReadonlyMap<string, string>;
  /** `.git/config`, `.git/info/exclude` and each hook, by a label, with their identity on disk. */
  controls: ReadonlyMap<string, string>;
}

/** Where a repository keeps its refs, config, exclude file and hooks: asked of git once per work tree. */
const gitPathsOf = new Map<string, Promise<{ common: string; config: string; exclude: string; hooks: string }>>();

function gitPaths(root: string): Promise<{ common: string; config: string; exclude: string; hooks: string }> {
  let found = gitPathsOf.get(root);
  if (found === undefined) {
    found = openGit(root)
      .run(['rev-parse', '--path-format=absolute', '--git-common-dir', '--git-path', 'config', '--git-path', 'info/exclude', '--git-path', 'hooks'])
      .then((text) => {
        const [common = '', config = '', exclude = '', hooks = ''] = text.split('\n').map((line) => line.trim());
        return { common, config, exclude, hooks };
      });
    found.catch(() => gitPathsOf.delete(root));
    gitPathsOf.set(root, found);
  }
  return found;
}

/**
 * The snapshot of the repository whose work tree is `root`: one git process (status), the rest
 * read from the files: a turn takes two snapshots, and each git started is a fork of this process.
 * With `branches: false` (an agent's checkout, whose branches are the person's), refs hold only
 * where the work tree's own HEAD points.
 */
export async function takeRepoSnapshot(root: string, options: { branches?: boolean } = {}): Promise<RepoSnapshot> {
  const git = openGit(root);
  const [statusText, places] = await Promise.all([
    // Without optional locks: an agent's own git command must never meet our index.lock.
    git.run(['--no-optional-locks', 'status', '--porcelain=v2', '--branch', '-z', '--ignored=no']),
    gitPaths(root),
  ]);
  const refs = options.branches === false ? new Map<string, string>() : await readLocalRefs(git, places.common);
  const listed: Array<[string, string]> = [];
  const records = statusText.split('\0');
  for (let index = 0; index < records.length; index++) {
    const record = records[index] ?? '';
    if (record.startsWith('# branch.oid ')) refs.set('HEAD', record.slice('# branch.oid '.length));
    else if (record.startsWith('# branch.head ')) refs.set('HEAD (branch)', record.slice('# branch.head '.length));
    if (record === '' || record.startsWith('#')) continue;
    const file = pathOf(record);
    // A rename's record is followed by its original path.
    if (record.startsWith('2 ')) index++;
    listed.push([file, record]);
  }
  const paths = new Map<string, string>();
  await Promise.all(
    listed.map(async ([file, record]) => {
      const stat = await lstat(path.join(root, file), { bigint: true }).catch(() => null);
      paths.set(file, stat === null ? `${record} (absent)` : `${record} ${stat.size}:${stat.ino}:${stat.ctimeNs}:${stat.mtimeNs}`);
    }),
  );
  const { config, exclude, hooks } = places;
  const controls = new Map<string, string>([
    ['.git/config', await identity(config)],
    ['.git/info/exclude', await identity(exclude)],
  ]);
  const hookNames = await readdir(hooks).catch(() => [] as string[]);
  for (const name of hookNames.filter((hook) => !hook.endsWith('.sample'))) controls.set(`hook ${name}`, await identity(path.join(hooks, name)));
  return { refs, paths, controls };
}

/**
 * The local branches and tags: packed-refs, overridden by the loose refs under refs/heads and
 * refs/tags. A repository that keeps its refs in a reftable is asked with for-each-ref.
 */
async function readLocalRefs(git: ReturnType<typeof openGit>, common: string): Promise<Map<string, string>> {
  const refs = new Map<string, string>();
  if (
    await stat(path.join(common, 'reftable')).then(
      () => true,
      () => false,
    )
  ) {
    const text = await git.run(['for-each-ref', '--format=%(objectname) %(refname)', 'refs/heads', 'refs/tags']);
    for (const line of text.split('\n')) {
      const space = line.indexOf(' ');
      if (space > 0) refs.set(line.slice(space + 1), line.slice(0, space));
    }
    return refs;
  }
  const packed = await readFile(path.join(common, 'packed-refs'), 'utf8').catch(() => '');
  for (const line of packed.split('\n')) {
    const match = /^([0-9a-f]{40,64}) (refs\/(?:heads|tags)\/.+)$/.exec(line.trim());
    if (match?.[1] && match[2]) refs.set(match[2], match[1]);
  }
  const walk = async (dir: string, name: string): Promise<void> => {
    const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
    await Promise.all(
      entries.map(async (entry) => {
        const child = `${name}/${entry.name}`;
        if (entry.isDirectory()) return walk(path.join(dir, entry.name), child);
        // A ref being updated has its lock beside it for a moment: not a ref.
        if (entry.name.endsWith('.lock')) return;
        const value = (await readFile(path.join(dir, entry.name), 'utf8').catch(() => '')).trim();
        if (value !== '') refs.set(child, value);
      }),
    );
  };
  await Promise.all([walk(path.join(common, 'refs', 'heads'), 'refs/heads'), walk(path.join(common, 'refs', 'tags'), 'refs/tags')]);
  return refs;
}

/** A file's size, inode and change times, or `absent`. */
async function identity(file: string): Promise<string> {
  const stat = await lstat(file, { bigint: true }).catch(() => null);
  return stat === null ? 'absent' : `${stat.size}:${stat.ino}:${stat.ctimeNs}:${stat.mtimeNs}`;
}

/** What changed from `before` to `after`, a line each: refs first, then paths in order. */
export function describeRepoChanges(before: RepoSnapshot, after: RepoSnapshot): string[] {
  const changes: string[] = [];
  for (const name of [...new Set([...before.refs.keys(), ...after.refs.keys()])].sort()) {
    const [was, now] = [before.refs.get(name), after.refs.get(name)];
    if (was === now) continue;
    const label = name === 'HEAD (branch)' ? 'HEAD' : name;
    if (was === undefined) changes.push(`${label}: created at ${short(now)}`);
    else if (now === undefined) changes.push(`${label}: deleted (was ${short(was)})`);
    else changes.push(name === 'HEAD (branch)' ? `HEAD: switched from ${was} to ${now}` : `${label}: moved from ${short(was)} to ${short(now)}`);
  }
  for (const file of [...new Set([...before.paths.keys(), ...after.paths.keys()])].sort()) {
    const [was, now] = [before.paths.get(file), after.paths.get(file)];
    if (was === now) continue;
    if (was === undefined) changes.push(`${file}: ${now?.startsWith('? ') ? 'created' : 'changed'}`);
    else if (now === undefined) changes.push(`${file}: put back as it was in the index`);
    else changes.push(`${file}: ${now.endsWith('(absent)') ? 'deleted' : 'changed'}`);
  }
  for (const name of [...new Set([...before.controls.keys(), ...after.controls.keys()])].sort()) {
    const [was, now] = [before.controls.get(name) ?? 'absent', after.controls.get(name) ?? 'absent'];
    if (was !== now) changes.push(`${name}: ${was === 'absent' ? 'created' : now === 'absent' ? 'deleted' : 'changed'}`);
  }
  return changes;
}

/** The path of a `git status --porcelain=v2 -z` record: its last field (paths may hold spaces). */
function pathOf(record: string): string {
  // Fields before the path: 1 → 8, 2 → 9, u → 10, ? and ! → 1.
  const fields = record.startsWith('1 ') ? 8 : record.startsWith('2 ') ? 9 : record.startsWith('u ') ? 10 : 1;
  let at = 0;
  for (let field = 0; field < fields; field++) at = record.indexOf(' ', at) + 1;
  return record.slice(at);
}

function short(object: string | undefined): string {
  return /^[0-9a-f]{40,64}$/.test(object ?? '') ? (object ?? '').slice(0, 7) : (object ?? '');
}
