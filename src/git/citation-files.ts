import { readFile, realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import { GitError } from '../errors.js';
import { readGitMessage, type GitRunner } from './run-git.js';

/** A cited file's lines, or why there are none to check. */
export type CitedFile = { ok: true; lines: string[] } | { ok: false; problem: string };

const maxBytes = 10 * 1024 * 1024;
// Paths per `git ls-tree` call, well under any command-line limit.
const batchSize = 200;

/** The file's lines: CRLF or LF, a final newline ends the last line rather than starting one. */
export function toLines(file: string, text: string): CitedFile {
  if (text.includes('\0')) return { ok: false, problem: `${file} is a binary file; it has no lines to cite` };
  if (text === '') return { ok: true, lines: [] };
  return { ok: true, lines: text.replace(/\r?\n$/, '').split(/\r?\n/) };
}

const tooLarge = (file: string): CitedFile => ({ ok: false, problem: `${file} is larger than 10 MB; its lines were not checked` });

// A commit never changes, so a file read at one is kept (about 16 MB of text at most, the oldest
// dropped first): the citations of every later turn into the same files cost no git at all.
const fullSha = /^(?:[0-9a-f]{40}|[0-9a-f]{64})$/;
const cacheBudget = 16 * 1024 * 1024;
const cached = new Map<string, { file: CitedFile; size: number }>();
let cachedSize = 0;

function keep(key: string, file: CitedFile): void {
  const size = file.ok ? file.lines.reduce((sum, line) => sum + line.length + 1, 64) : 64;
  if (size > cacheBudget / 4) return;
  cached.set(key, { file, size });
  cachedSize += size;
  for (const [oldest, entry] of cached) {
    if (cachedSize <= cacheBudget) break;
    cached.delete(oldest);
    cachedSize -= entry.size;
  }
}

/**
 * Each path's content at `head`, `paths` already checked by `refuseCitedPath` and normalized;
 * a file read before at the same commit is not read again.
 */
export async function readFilesAtCommit(git: GitRunner, head: string, paths: readonly string[]): Promise<Map<string, CitedFile>> {
  if (!fullSha.test(head)) return readFromGit(git, head, paths);
  const key = (file: string) => `${git.cwd}\0${head}\0${file}`;
  const files = new Map<string, CitedFile>();
  const missing: string[] = [];
  for (const file of paths) {
    const hit = cached.get(key(file));
    if (hit) files.set(file, hit.file);
    else missing.push(file);
  }
  if (missing.length === 0) return files;
  for (const [file, content] of await readFromGit(git, head, missing)) {
    files.set(file, content);
    keep(key(file), content);
  }
  return files;
}

/** One `git ls-tree` per 200 paths finds them, one `git cat-file` per file reads it. */
async function readFromGit(git: GitRunner, head: string, paths: readonly string[]): Promise<Map<string, CitedFile>> {
  const at = `at ${head.slice(0, 7)}`;
  const entries = new Map<string, { mode: string; type: string; oid: string; size: number }>();
  for (let start = 0; start < paths.length; start += batchSize) {
    const batch = paths.slice(start, start + batchSize);
    const output = await git.run(['--literal-pathspecs', 'ls-tree', '--full-tree', '-z', '--long', head, '--', ...batch]).catch((error: unknown) => {
      const said = readGitMessage(error);
      throw new GitError(
        `Cannot check citations at ${head}, expected a commit of the repository at ${git.cwd}${said === null ? '' : `: git says "${said}"`}. ` +
          'Fetch that commit, or start the debate again on a subject this clone has.',
        { cause: error },
      );
    });
    for (const record of output.split('\0')) {
      const match = /^(\d+) (\w+) ([0-9a-f]+) +(-|\d+)\t(.*)$/s.exec(record);
      if (match?.[5] !== undefined) entries.set(match[5], { mode: match[1] ?? '', type: match[2] ?? '', oid: match[3] ?? '', size: Number(match[4]) });
    }
  }
  const read = async (file: string): Promise<CitedFile> => {
    const entry = entries.get(file);
    if (!entry) return { ok: false, problem: `${file} does not exist ${at}` };
    if (entry.type === 'tree') return { ok: false, problem: `${file} is a directory ${at}, not a file` };
    if (entry.type === 'commit') return { ok: false, problem: `${file} is a submodule ${at}, not a file` };
    if (entry.mode === '120000') return { ok: false, problem: `${file} is a symbolic link ${at}; cite the file it points to` };
    if (entry.size > maxBytes) return tooLarge(file);
    return toLines(file, await git.run(['cat-file', 'blob', entry.oid]));
  };
  return new Map(await Promise.all(paths.map(async (file) => [file, await read(file)] as const)));
}

/**
 * Each path's content in the work tree at `root` (a real path), `paths` already checked by
 * `refuseCitedPath`: a path whose real location, symbolic links followed, leaves the work tree
 * or enters `.git` is not read.
 */
export async function readWorkTreeFiles(root: string, paths: readonly string[]): Promise<Map<string, CitedFile>> {
  return new Map(await Promise.all(paths.map(async (file) => [file, await readWorkTreeFile(root, file)] as const)));
}

async function readWorkTreeFile(root: string, file: string): Promise<CitedFile> {
  try {
    const real = await realpath(path.join(root, file));
    const relative = path.relative(root, real);
    if (relative === '..' || relative.startsWith(`..${path.sep}`) || path.isAbsolute(relative)) {
      return { ok: false, problem: `${file} links outside the work tree; it was not read` };
    }
    if (relative.split(path.sep).some((part) => part.toLowerCase() === '.git')) {
      return { ok: false, problem: `${file} links into a git directory; it was not read` };
    }
    const info = await stat(real);
    if (info.isDirectory()) return { ok: false, problem: `${file} is a directory in the work tree, not a file` };
    if (!info.isFile()) return { ok: false, problem: `${file} is not a regular file; it was not read` };
    if (info.size > maxBytes) return tooLarge(file);
    return toLines(file, await readFile(real, 'utf8'));
  } catch (error) {
    // A file the user can fix (missing, unreadable) is a failed check, not a failed turn.
    const code = error instanceof Error && 'code' in error && typeof error.code === 'string' ? error.code : null;
    if (code === null) throw error;
    if (code === 'ENOENT' || code === 'ENOTDIR') return { ok: false, problem: `${file} does not exist in the work tree` };
    if (code === 'ELOOP') return { ok: false, problem: `${file} is a loop of symbolic links; it was not read` };
    return { ok: false, problem: `${file} cannot be read (${code})` };
  }
}
