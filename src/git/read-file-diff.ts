import type { FileDiff } from './file-diff.js';
import { readQuotedPath, unquoteGitPath } from './unquote-git-path.js';

const unmergedPrefix = '* Unmerged path ';

/** The name in `diff --git a/X b/X`, where both sides are the same path (no rename or copy). */
function readHeaderName(rest: string): string | null {
  const quoted = readQuotedPath(rest);
  if (quoted !== null) return quoted.path.startsWith('a/') ? quoted.path.slice(2) : quoted.path;
  const length = (rest.length - 5) / 2;
  if (!Number.isInteger(length) || length < 1) return null;
  const name = rest.slice(2, 2 + length);
  return rest === `a/${name} b/${name}` ? name : null;
}

/** The path on a `---` or `+++` line: null for `/dev/null`; git ends a name holding a space with a tab. */
function readMarkerPath(text: string, prefix: string): string | null {
  const name = unquoteGitPath(text.replace(/\t$/, ''));
  if (name === '/dev/null') return null;
  return name.startsWith(prefix) ? name.slice(prefix.length) : name;
}

function emptyFileDiff(patch: string): FileDiff {
  return {
    path: '',
    oldPath: null,
    status: 'modified',
    oldMode: null,
    newMode: null,
    similarity: null,
    binary: false,
    submodule: null,
    added: 0,
    deleted: 0,
    oldBlob: null,
    newBlob: null,
    replacementChar: false,
    patch,
  };
}

interface Names {
  header: string | null;
  renamedFrom: string | null;
  renamedTo: string | null;
  minus: string | null;
  plus: string | null;
}

function readIndexLine(value: string, file: FileDiff): void {
  const index = /^([0-9a-f]+)\.\.([0-9a-f]+)(?: (\d+))?$/.exec(value);
  if (index === null) return;
  const blob = (id: string | undefined): string | null => (id === undefined || /^0+$/.test(id) ? null : id);
  file.oldBlob = blob(index[1]);
  file.newBlob = blob(index[2]);
  if (index[3] !== undefined) [file.oldMode, file.newMode] = [index[3], index[3]];
}

type HeaderHandler = (value: string, file: FileDiff, names: Names) => void;

/** One handler per extended header line git prints between `diff --git` and the first hunk. */
const headerHandlers: ReadonlyArray<readonly [string, HeaderHandler]> = [
  [
    'old mode ',
    (value, file) => {
      file.oldMode = value;
    },
  ],
  [
    'new mode ',
    (value, file) => {
      file.newMode = value;
    },
  ],
  [
    'deleted file mode ',
    (value, file) => {
      [file.status, file.oldMode] = ['deleted', value];
    },
  ],
  [
    'new file mode ',
    (value, file) => {
      [file.status, file.newMode] = ['added', value];
    },
  ],
  [
    'similarity index ',
    (value, file) => {
      file.similarity = Number.parseInt(value, 10);
    },
  ],
  [
    'rename from ',
    (value, _file, names) => {
      names.renamedFrom = unquoteGitPath(value);
    },
  ],
  [
    'copy from ',
    (value, _file, names) => {
      names.renamedFrom = unquoteGitPath(value);
    },
  ],
  [
    'rename to ',
    (value, file, names) => {
      [file.status, names.renamedTo] = ['renamed', unquoteGitPath(value)];
    },
  ],
  [
    'copy to ',
    (value, file, names) => {
      [file.status, names.renamedTo] = ['copied', unquoteGitPath(value)];
    },
  ],
  [
    '--- ',
    (value, _file, names) => {
      names.minus = readMarkerPath(value, 'a/');
    },
  ],
  [
    '+++ ',
    (value, _file, names) => {
      names.plus = readMarkerPath(value, 'b/');
    },
  ],
  ['index ', readIndexLine],
];

function readHeaderLine(line: string, file: FileDiff, names: Names): void {
  if (/^Binary files .* differ$/.test(line) || line === 'GIT binary patch') {
    file.binary = true;
    return;
  }
  const handler = headerHandlers.find(([prefix]) => line.startsWith(prefix));
  handler?.[1](line.slice(handler[0].length), file, names);
}

function readHunkLine(line: string, file: FileDiff): void {
  const marker = line[0];
  if (marker !== '+' && marker !== '-') return;
  if (marker === '+') file.added += 1;
  else file.deleted += 1;
  if (line.includes('\uFFFD')) file.replacementChar = true;
  if (file.oldMode !== '160000' && file.newMode !== '160000') return;
  const commit = /^[-+]Subproject commit (\S+)$/.exec(line)?.[1];
  if (commit === undefined) return;
  file.submodule ??= { from: null, to: null };
  if (marker === '+') file.submodule.to = commit;
  else file.submodule.from = commit;
}

/** Reads one file's part of a `git diff` (from its `diff --git` or `* Unmerged path` line). */
export function readFileDiff(patch: string): FileDiff {
  const file = emptyFileDiff(patch);
  const lines = patch.split('\n');
  if (lines.at(-1) === '') lines.pop();
  const [first = ''] = lines;
  if (first.startsWith(unmergedPrefix)) {
    return { ...file, path: unquoteGitPath(first.slice(unmergedPrefix.length)), status: 'unmerged' };
  }
  const names: Names = { header: readHeaderName(first.slice('diff --git '.length)), renamedFrom: null, renamedTo: null, minus: null, plus: null };
  let inHunks = false;
  for (const line of lines.slice(1)) {
    if (inHunks) readHunkLine(line, file);
    else if (line.startsWith('@@')) inHunks = true;
    else readHeaderLine(line, file, names);
  }
  if (file.status === 'added') file.oldMode = null;
  if (file.status === 'deleted') file.newMode = null;
  if (file.oldMode === '160000' || file.newMode === '160000') file.submodule ??= { from: null, to: null };
  if (names.renamedTo !== null) {
    return { ...file, path: names.renamedTo, oldPath: names.renamedFrom };
  }
  return { ...file, path: names.header ?? names.plus ?? names.minus ?? first };
}
