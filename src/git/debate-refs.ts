import type { Role } from '../protocol/document.js';

/**
 * Where a debate lives on a git remote (`--remote`): under `refs/code-debate/`, never a branch a
 * user checks out or a forge lists as one. `<name>` is the debate's name (see debateName).
 *
 *   refs/code-debate/<name>/debate            commits, each adding one section to the debate file
 *   refs/code-debate/<name>/claims/<role>     the role's holder: commits of one claim.json each
 *   refs/code-debate-archive/<name>/<time>    a finished debate moved aside by `archive --remote`
 *
 * A clone keeps what it fetched under `refs/code-debate-remote/<name>/...`, its private copy.
 */
export interface DebateRefs {
  name: string;
  /** All of the debate's refs on the remote: the pattern to list and fetch. */
  pattern: string;
  debate: string;
  claim(role: Role): string;
  /** Where the claims are: the prefix of every `claim(role)`. */
  claims: string;
  /** The prefix of all of the debate's refs. */
  root: string;
  /** The fetched copy of `ref` in this clone. */
  seen(ref: string): string;
  /** The ref on the remote a fetched copy (see seen) is of. */
  unseen(copy: string): string;
}

export const debateRefPrefix = 'refs/code-debate/';
export const archiveRefPrefix = 'refs/code-debate-archive/';
const seenPrefix = 'refs/code-debate-remote/';

export function debateRefs(name: string): DebateRefs {
  const root = `${debateRefPrefix}${name}`;
  return {
    name,
    pattern: `${root}/*`,
    debate: `${root}/debate`,
    claim: (role) => `${root}/claims/${role}`,
    claims: `${root}/claims/`,
    root: `${root}/`,
    seen: (ref) => `${seenPrefix}${ref.slice(debateRefPrefix.length)}`,
    unseen: (copy) => `${debateRefPrefix}${copy.slice(seenPrefix.length)}`,
  };
}

/**
 * The name two sides that name the same subject on the same commits meet under: the pinned base
 * and head, and the debate file's name, e.g. `1a2b3c4d5e6f-7a8b9c0d1e2f-reply.md`.
 */
export function debateName(base: string | null, head: string, relativeFile: string): string {
  const file =
    relativeFile
      .replace(/[^\w.-]+/g, '_')
      .replace(/^[.-]+/, '')
      .replace(/\.lock$/, '_lock')
      .slice(0, 60) || 'debate';
  return `${base === null ? 'root' : base.slice(0, 12)}-${head.slice(0, 12)}-${file}`;
}

/** Why `name` cannot name a debate (`--debate`), or null when it can: one ref component, as git allows it. */
export function checkDebateName(name: string): string | null {
  if (name === '') return 'it is empty';
  if (name.length > 100) return 'it is longer than 100 characters';
  if (!/^[\w.-]+$/.test(name)) return 'only letters, digits, `.`, `_` and `-` may be used';
  if (name.startsWith('.') || name.startsWith('-') || name.endsWith('.') || name.includes('..') || name.endsWith('.lock')) {
    return 'git refuses a ref name that starts with `.` or `-`, ends with `.` or `.lock`, or holds `..`';
  }
  return null;
}
