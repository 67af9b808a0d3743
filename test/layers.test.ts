import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The layers point one way, as a turn reads from top to bottom: cli over prepush and eval, over
 * session, over config, over agents, prompts, ledger, report and hook, over subject, over git and
 * github, over protocol and watch, over the shared files at the root of src/. A folder imports only
 * the folders listed for it (and its own subfolders); nothing imports cli. A folder not listed
 * here fails the test: a new one is placed in the layers on purpose.
 */
const allowed: Record<string, readonly string[]> = {
  // The root's shared files (errors, durations, exit codes) are the floor; they may name protocol's types only.
  '.': [],
  protocol: ['.'],
  watch: ['.'],
  git: ['.', 'protocol'],
  github: ['.', 'git'],
  subject: ['.', 'protocol', 'git', 'github'],
  agents: ['.', 'protocol', 'git', 'subject'],
  prompts: ['.', 'protocol', 'git', 'subject', 'agents'],
  ledger: ['.', 'protocol', 'git'],
  report: ['.', 'protocol', 'git', 'ledger', 'agents'],
  hook: ['.', 'git'],
  config: ['.', 'protocol', 'git', 'github', 'agents', 'prompts', 'report'],
  session: ['.', 'protocol', 'watch', 'git', 'github', 'subject', 'agents', 'prompts', 'ledger', 'report', 'config'],
  prepush: ['.', 'protocol', 'git', 'github', 'subject', 'agents', 'prompts', 'ledger', 'report', 'config', 'session'],
  eval: ['.', 'protocol', 'git', 'github', 'subject', 'agents', 'prompts', 'ledger', 'report', 'config', 'session'],
  cli: ['.', 'protocol', 'watch', 'git', 'github', 'subject', 'agents', 'prompts', 'ledger', 'report', 'hook', 'config', 'session', 'prepush', 'eval'],
};

const source = path.resolve(import.meta.dirname, '../src');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}

/** The layer of a file: its folder under src/ (subfolders belong to theirs: agents/chat is agents), '.' at the root. */
function layerOf(file: string): string {
  const relative = path.relative(source, file);
  return relative.includes(path.sep) ? (relative.split(path.sep)[0] as string) : '.';
}

interface Import {
  from: string;
  specifier: string;
  target: string;
  typeOnly: boolean;
}

/** Every relative import of `file`: static, re-exports and dynamic `import()`. */
function importsOf(file: string): Import[] {
  const text = readFileSync(file, 'utf8');
  const found: Import[] = [];
  const pattern = /(?:^|\n)\s*(import\s+type\b|import|export)\b[^'";]*?from\s*'(\.[^']+)'|import\(\s*'(\.[^']+)'\s*\)/g;
  for (const match of text.matchAll(pattern)) {
    const specifier = match[2] ?? match[3];
    if (specifier === undefined) continue;
    const target = path.resolve(path.dirname(file), specifier);
    found.push({ from: path.relative(source, file), specifier, target, typeOnly: match[1] === 'import type' });
  }
  return found;
}

const files = sourceFiles(source);
const imports = files.flatMap(importsOf);

/** Each file under src/ and the files it imports (type imports too: a cycle of types is a cycle a reader follows). */
function importGraph(): Map<string, string[]> {
  const edges = new Map<string, string[]>(files.map((file) => [path.relative(source, file), []]));
  for (const found of imports) {
    const target = path.relative(source, found.target.replace(/\.js$/, '.ts'));
    if (edges.has(target)) edges.get(found.from)?.push(target);
  }
  return edges;
}

/**
 * The groups of files that import one another, directly or round about: the strongly connected
 * components of `edges` with more than one file, each sorted.
 */
function importCycles(edges: ReadonlyMap<string, readonly string[]>): string[][] {
  // Tarjan's algorithm, recursive: the graph is a few hundred files deep at most.
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const cycles: string[][] = [];
  const visit = (file: string): void => {
    index.set(file, index.size);
    low.set(file, index.get(file) as number);
    stack.push(file);
    for (const next of edges.get(file) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(file, Math.min(low.get(file) as number, low.get(next) as number));
      } else if (stack.includes(next)) {
        low.set(file, Math.min(low.get(file) as number, index.get(next) as number));
      }
    }
    if (low.get(file) !== index.get(file)) return;
    const group: string[] = [];
    for (let member = stack.pop(); member !== undefined; member = member === file ? undefined : stack.pop()) group.push(member);
    if (group.length > 1) cycles.push(group.sort());
  };
  for (const file of edges.keys()) if (!index.has(file)) visit(file);
  return cycles;
}

describe('the layers of src/', () => {
  it('reads the imports it checks: every file is in a layer, and the imports found are many', () => {
    expect(files.map(layerOf).filter((layer) => !(layer in allowed))).toEqual([]);
    expect(imports.length).toBeGreaterThan(files.length);
  });

  it('point one way: each folder imports only the layers under it', () => {
    const wrong = imports
      .filter((found) => {
        const from = layerOf(path.join(source, found.from));
        const to = layerOf(found.target);
        if (from === to) return false;
        // The root's shared errors carry protocol's usage type: a type, not a call upward.
        if (from === '.' && to === 'protocol' && found.typeOnly) return false;
        return !(allowed[from] ?? []).includes(to);
      })
      .map((found) => `${found.from} imports ${found.specifier}`);
    expect(wrong).toEqual([]);
  });

  it('leave cli to itself: nothing outside it imports it', () => {
    const intoCli = imports.filter((found) => layerOf(path.join(source, found.from)) !== 'cli' && layerOf(found.target) === 'cli');
    expect(intoCli.map((found) => `${found.from} imports ${found.specifier}`)).toEqual([]);
  });

  it('keep protocol and git below ledger, agents and cli', () => {
    for (const low of ['protocol', 'git']) {
      for (const high of ['ledger', 'agents', 'cli', 'session', 'subject']) expect(allowed[low]).not.toContain(high);
    }
  });

  it("reach protocol's reading of a growing file through one interface: outside protocol/reading/, only its debate-reader.ts", () => {
    const reading = `protocol${path.sep}reading${path.sep}`;
    // parseDocument is that reader with nothing remembered; findHistoryChange compares two texts as the reader does.
    const through: Record<string, string> = {
      [`${reading}debate-reader.ts`]: 'the interface: DebateReader, createDebateReader',
      [`protocol${path.sep}parse-document.ts`]: 'parseDocument reads with a memory of nothing',
      [`protocol${path.sep}find-history-change.ts`]: 'extendsText, a pure comparison of two texts',
    };
    const inward = imports.filter((found) => !found.from.startsWith(reading) && path.relative(source, found.target).startsWith(reading));
    expect(inward.length).toBeGreaterThan(0);
    const wrong = inward.filter((found) => {
      const target = path.relative(source, found.target.replace(/\.js$/, '.ts'));
      return !(target in through) && !(found.from in through);
    });
    expect(wrong.map((found) => `${found.from} imports ${found.specifier}`)).toEqual([]);
  });

  it('find an import cycle: files that import one another, directly or round about, are one group', () => {
    const planted = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a', 'd']],
      ['d', ['e']],
      ['e', ['d']],
      ['f', ['a', 'e']],
    ]);
    expect(importCycles(planted)).toEqual([
      ['d', 'e'],
      ['a', 'b', 'c'],
    ]);
    // The graph it is run on below holds every import between files of src/.
    expect([...importGraph().values()].flat().length).toBeGreaterThan(files.length);
  });

  it('run no import cycle anywhere in src/: every file reads one way, from what it imports to what imports it', () => {
    expect(importCycles(importGraph())).toEqual([]);
  });
});
