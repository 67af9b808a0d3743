import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * protocol/ and ledger/ are pure, and session/ keeps what a side remembers on objects the side
 * owns (see SideMemory, DebateReader): state held at module level is shared by every side and
 * every test in the process, and outlives them. This scan fails on a module-level `let`, a
 * collection made at module level (`new Map`, `Set`, `WeakMap`, `WeakSet`, `BoundedMap`) not
 * declared read-only, and a memo made at module level (`memoizeText`), as test/layers.test.ts
 * scans imports. What must stay is listed here, each with why.
 */
const allowed: Record<string, string> = {};

const source = path.resolve(import.meta.dirname, '../src');
const scanned = ['protocol', 'ledger', 'session'];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}

const collections = 'Map|Set|WeakMap|WeakSet|BoundedMap';

/** The names of the state `text` holds at module level (a declaration at the start of a line), with how. */
function moduleState(text: string): Array<{ name: string; what: string }> {
  const found: Array<{ name: string; what: string }> = [];
  for (const match of text.matchAll(/^(?:export\s+)?let\s+([A-Za-z_$][\w$]*)/gm)) found.push({ name: match[1] as string, what: 'let' });
  const made = new RegExp(String.raw`^(?:export\s+)?(?:const|var)\s+([A-Za-z_$][\w$]*)\s*(?::\s*([^=]*?))?\s*=\s*(?:new\s+(${collections})\b|(memoizeText)\()`, 'gm');
  for (const match of text.matchAll(made)) {
    const [, name, type, collection, memo] = match;
    if (collection !== undefined && /^Readonly(?:Set|Map)\b/.test(type ?? '')) continue;
    found.push({ name: name as string, what: collection === undefined ? (memo as string) : `new ${collection}` });
  }
  return found;
}

const held = scanned
  .flatMap((folder) => sourceFiles(path.join(source, folder)))
  .flatMap((file) => moduleState(readFileSync(file, 'utf8')).map((state) => ({ key: `${path.relative(source, file).split(path.sep).join('/')} ${state.name}`, what: state.what })));

describe('state at module level in protocol/, ledger/ and session/', () => {
  it('is found by the scan: a let, a collection not read-only and a memo, wherever they are declared', () => {
    const planted = [
      'let last = null;',
      'export let count = 0;',
      'const seen = new Map<string, number>();',
      'const kept: Map<string, number> =\n  new BoundedMap(4);',
      'const marks = new WeakSet<object>();',
      'const splitOnce = memoizeText((text: string) => text, 4);',
      "const names: ReadonlySet<string> = new Set(['a']);",
      'function f() {\n  let local = 0;\n  const inner = new Map();\n}',
      'const pattern = /x/;',
    ].join('\n');
    expect(moduleState(planted)).toEqual([
      { name: 'last', what: 'let' },
      { name: 'count', what: 'let' },
      { name: 'seen', what: 'new Map' },
      { name: 'kept', what: 'new BoundedMap' },
      { name: 'marks', what: 'new WeakSet' },
      { name: 'splitOnce', what: 'memoizeText' },
    ]);
  });

  it('is none but what is listed, each with why', () => {
    expect(held.filter((state) => !(state.key in allowed))).toEqual([]);
  });

  it('lists nothing that is gone: an allowance outlives no code', () => {
    const keys = new Set(held.map((state) => state.key));
    expect(Object.keys(allowed).filter((key) => !keys.has(key))).toEqual([]);
  });
});
