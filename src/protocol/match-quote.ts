// An ellipsis in a quote stands for code the writer left out: `Math.min(...)`, `import … from`.
const ellipsis = /\.{3}|…/;
// The characters CommonMark lets a backslash escape: writers escape them inside code spans too.
const markdownEscape = /\\([!-/:-@[-`{-~])/g;
const entities: Readonly<Record<string, string>> = { '&lt;': '<', '&gt;': '>', '&amp;': '&', '&quot;': '"' };

/**
 * Whether `text` holds the code `quote` shows, read the way a person reads a quote: whitespace
 * ignored, `...` or `…` standing for any code (none included), and Markdown escapes (`\*`, `\_`,
 * `` \` ``, `\|`) and `&lt;`-style entities read as the character they escape. The quote as
 * written is tried too, so a backslash that belongs to the code (`"\n"`, `\d+`) still matches.
 * A quote with no code in it (`...`) matches nothing.
 */
export function quoteIsIn(quote: string, text: string): boolean {
  const squeezed = squeeze(text);
  const unescaped = quote.replace(markdownEscape, '$1').replace(/&(?:lt|gt|amp|quot);/g, (entity) => entities[entity] ?? entity);
  return [quote, unescaped].some((form) => partsInOrder(form, squeezed));
}

function partsInOrder(quote: string, squeezed: string): boolean {
  const parts = quote
    .split(ellipsis)
    .map(squeeze)
    .filter((part) => part !== '');
  if (parts.length === 0) return false;
  let from = 0;
  for (const part of parts) {
    const found = squeezed.indexOf(part, from);
    if (found === -1) return false;
    from = found + part.length;
  }
  return true;
}

function squeeze(text: string): string {
  return text.replace(/\s+/g, '');
}
