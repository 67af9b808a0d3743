import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The README, CONTRIBUTING.md and docs/ link to each other: every relative link must name a file
// of this repository, and a #fragment a heading of the page it points at, as GitHub renders it.
const root = fileURLToPath(new URL('..', import.meta.url));
const docsDir = path.join(root, 'docs');
const pages = [
  'README.md',
  'CONTRIBUTING.md',
  ...readdirSync(docsDir)
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
];

/** The page's lines outside fenced code blocks, with their line numbers. */
function proseLines(text: string): { line: string; number: number }[] {
  const lines: { line: string; number: number }[] = [];
  let fence: string | null = null;
  text.split('\n').forEach((line, index) => {
    const marker = /^ {0,3}(`{3,}|~{3,})/.exec(line)?.[1];
    if (marker !== undefined && (fence === null || (marker[0] === fence[0] && marker.length >= fence.length))) {
      fence = fence === null ? marker : null;
      return;
    }
    if (fence === null) lines.push({ line, number: index + 1 });
  });
  return lines;
}

/** GitHub's anchor for a heading: its text lower-cased, punctuation dropped, spaces as hyphens; repeats get -1, -2. */
function anchorsOf(text: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const { line } of proseLines(text)) {
    const heading = /^ {0,3}#{1,6}\s+(.*?)\s*#*\s*$/.exec(line)?.[1];
    if (heading === undefined) continue;
    const plain = heading.replace(/\[([^\]]*)\]\([^)]*\)/g, '$1').replace(/[`*]/g, '');
    const slug = plain
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
  }
  return anchors;
}

/** Every `[text](target)` and `![alt](target)` outside code, without its title; inline code spans are skipped. */
function linksOf(text: string): { target: string; number: number }[] {
  const links: { target: string; number: number }[] = [];
  for (const { line, number } of proseLines(text)) {
    const prose = line.replace(/`[^`]*`/g, '');
    for (const match of prose.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) links.push({ target: match[1] ?? '', number });
  }
  return links;
}

const isExternal = (target: string): boolean => /^[a-z][a-z0-9+.-]*:/i.test(target);

describe('the links between README.md, CONTRIBUTING.md and docs/', () => {
  it('finds the pages', () => {
    expect(pages).toEqual(expect.arrayContaining(['README.md', 'CONTRIBUTING.md', 'docs/protocol.md', 'docs/configuration.md']));
  });

  it.each(pages)('%s: every relative link names a file of the repository, and its anchor a heading there', (page) => {
    const text = readFileSync(path.join(root, page), 'utf8');
    const problems: string[] = [];
    for (const { target, number } of linksOf(text)) {
      if (isExternal(target)) continue;
      const [file = '', fragment] = target.split('#', 2);
      const resolved = file === '' ? path.join(root, page) : path.resolve(path.dirname(path.join(root, page)), decodeURIComponent(file));
      const where = `${page}:${number} → ${target}`;
      if (path.relative(root, resolved).startsWith('..')) {
        problems.push(`${where}: outside the repository`);
        continue;
      }
      if (!existsSync(resolved)) {
        problems.push(`${where}: no such file`);
        continue;
      }
      if (fragment !== undefined && resolved.endsWith('.md') && statSync(resolved).isFile() && !anchorsOf(readFileSync(resolved, 'utf8')).has(fragment)) {
        problems.push(`${where}: no heading with that anchor`);
      }
    }
    expect(problems).toEqual([]);
  });

  it.each(pages)('%s names nothing outside the repository: no shared folder, no seeds, no issues', (page) => {
    const text = readFileSync(path.join(root, page), 'utf8');
    const outside = [/\bshared\//i, /\bPROTOCOL\.md|\bSTYLE\.md/, /\bseeds?\s+\d/i, /\bthe issue\b/i, /\bissue\s+#?\d/i];
    const hits = text.split('\n').flatMap((line, index) => (outside.some((pattern) => pattern.test(line)) ? [`${page}:${index + 1}: ${line.trim()}`] : []));
    expect(hits).toEqual([]);
  });
});
