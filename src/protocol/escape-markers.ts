import { codeLineFlags } from './code-line-flags.js';
import { readMarker, type MarkerStyle } from './split-point-blocks.js';

/**
 * Where a backslash goes in a line that would otherwise mark a point, per style: a heading before
 * its `#`s (`\### R2`), a numbered line before its delimiter (`1\. `, which Markdown shows as
 * `1. `), an id line before its id. Lines with backslashes already there get one more, so that
 * escaping then unescaping gives back any text exactly.
 */
const places: ReadonlyArray<readonly [MarkerStyle, RegExp]> = [
  ['heading', /^( {0,3})(\\*)(#{3,6}[ \t].*)$/],
  ['numbered', /^((?:\*\*|__)?\d+)(\\*)([.)].*)$/],
  ['id', /^( {0,3}(?:[-*+][ \t]+)?(?:\*\*|__)?)(\\*)([RF]\d+.*)$/],
];

/**
 * `text` (a reasoning or a summary) with every line that would mark a point escaped: headings
 * always; numbered and id lines too when `all` (a section with no heading marker, where those
 * styles would be read). Fenced code is left alone: no marker is read there.
 */
export function escapeMarkers(text: string, all = false): string {
  return mapLines(text, all, (before, slashes, after) => `${before}${slashes}\\${after}`);
}

/** The inverse of escapeMarkers, with the same `all`. */
export function unescapeMarkers(text: string, all = false): string {
  return mapLines(text, all, (before, slashes, after) => (slashes === '' ? null : `${before}${slashes.slice(1)}${after}`));
}

function mapLines(text: string, all: boolean, change: (before: string, slashes: string, after: string) => string | null): string {
  const lines = text.split('\n');
  const inCode = codeLineFlags(lines);
  return lines
    .map((line, index) => {
      if (inCode[index]) return line;
      for (const [style, place] of places) {
        if (style !== 'heading' && !all) continue;
        const match = place.exec(line);
        if (!match) continue;
        const [, before = '', slashes = '', after = ''] = match;
        if (readMarker(style, before + after) === null) continue;
        return change(before, slashes, after) ?? line;
      }
      return line;
    })
    .join('\n');
}
