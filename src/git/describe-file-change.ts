import { describeMode, type FileDiff } from './file-diff.js';

const short = (commit: string): string => commit.replace(/^([0-9a-f]{7})[0-9a-f]*/, '$1');

function describeStatus(file: FileDiff): string {
  switch (file.status) {
    case 'added':
      return file.newMode === '100644' || file.newMode === null ? 'added' : `added ${describeMode(file.newMode)}`;
    case 'deleted':
      return file.oldMode === '100644' || file.oldMode === null ? 'deleted' : `deleted ${describeMode(file.oldMode)}`;
    case 'modified':
      return 'modified';
    case 'renamed':
    case 'copied':
      return file.similarity === null ? file.status : `${file.status}, ${file.similarity}% similar`;
    case 'type-changed':
      return `type changed from ${describeMode(file.oldMode)} to ${describeMode(file.newMode)}`;
    case 'unmerged':
      return 'unmerged: its merge conflict is not resolved, so git shows no diff';
  }
}

function describeModeChange(file: FileDiff): string | null {
  const { oldMode, newMode } = file;
  if (oldMode === null || newMode === null || oldMode === newMode || file.status === 'type-changed') return null;
  const executable = newMode === '100755' ? ', now executable' : oldMode === '100755' ? ', no longer executable' : '';
  return `mode ${oldMode} → ${newMode}${executable}`;
}

function describeSubmodule({ from, to }: { from: string | null; to: string | null }): string {
  if (from !== null && to !== null) return `submodule commit ${short(from)} → ${short(to)}`;
  if (to !== null) return `at commit ${short(to)}`;
  if (from !== null) return `was at commit ${short(from)}`;
  return 'submodule';
}

function describeContent(file: FileDiff, nonUtf8: boolean): string | null {
  if (file.status === 'unmerged') return null;
  if (file.submodule !== null) return describeSubmodule(file.submodule);
  if (file.binary) return 'binary, content not shown';
  const lines = `+${file.added} -${file.deleted}`;
  if (nonUtf8) return `${lines}, not valid UTF-8 text, lines not shown`;
  if (file.added + file.deleted > 0) return lines;
  return file.status === 'added' || file.status === 'deleted' ? 'empty' : 'content unchanged';
}

/** `src/old.ts → src/new.ts (renamed, 100% similar, content unchanged)`: one file's change in words. */
export function describeFileChange(file: FileDiff, nonUtf8: boolean): string {
  const name = file.oldPath !== null && file.oldPath !== file.path ? `${file.oldPath} → ${file.path}` : file.path;
  const facts = [describeStatus(file), describeModeChange(file), describeContent(file, nonUtf8)].filter((fact) => fact !== null);
  return `${name} (${facts.join(', ')})`;
}
