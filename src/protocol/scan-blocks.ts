/**
 * CommonMark's block structure, read line by line without remark: what a debate file's top level
 * holds (its headings, and its HTML blocks up to the first section), for a cold read that grows
 * with the file's size. remark reads about 1 MB/s on a slow machine, so parsing a debate of
 * megabytes took seconds; a section's own Markdown is parsed only when a reader asks for it.
 *
 * The scanner follows the block rules of CommonMark as micromark applies them: containers (block
 * quotes, list items) matched line by line, lazy paragraph continuation, fenced and indented code,
 * the seven kinds of HTML block, ATX and setext headings. Where a rule is subtle and rare in a
 * debate (tabs inside containers, list items that start empty, link reference definitions under a
 * setext underline, micromark/micromark#228), it gives up: the caller then parses with remark.
 */

export type TopBlock = { type: 'heading'; depth: number; setext: boolean; start: number; end: number; line: number } | { type: 'html'; start: number; end: number };

/** Where a scan stopped: carried to the next scan of a text that extends this one. */
export interface ScanState {
  /** The offset of the next line to read, and its number (from 1). */
  offset: number;
  line: number;
  containers: Container[];
  leaf: Leaf;
  /** Whether HTML blocks are still reported (until the first level-2 heading). */
  htmlWanted: boolean;
}

type Container = { kind: 'quote' } | { kind: 'item'; indent: number };

type Leaf =
  | null
  | { kind: 'paragraph'; start: number; line: number; definition: boolean }
  | { kind: 'fence'; mark: string }
  | { kind: 'html'; start: number; end: RegExp | null }
  | { kind: 'indented' };

/** The scanner met a rule it does not model: parse with remark instead. */
class Unsure extends Error {}

export const startState = (): ScanState => ({ offset: 0, line: 1, containers: [], leaf: null, htmlWanted: true });

/**
 * The top-level blocks of `source` (normalized, see normalizeNewlines) from where `state` stopped,
 * and the state to go on from: before the last line when it has no line end yet, since what is
 * appended may complete it. null when the text holds something the scanner does not model.
 */
export function scanBlocks(source: string, from: ScanState, lines?: LineKind[]): { blocks: TopBlock[]; resume: ScanState; resumeBlocks: number } | null {
  const state = structuredClone(from);
  const blocks: TopBlock[] = [];
  let resume = state;
  let resumeBlocks = 0;
  try {
    while (state.offset < source.length) {
      const newline = source.indexOf('\n', state.offset);
      const end = newline === -1 ? source.length : newline;
      if (newline === -1) {
        resume = structuredClone(state);
        resumeBlocks = blocks.length;
      }
      const opened = state.containers[0];
      scanLine(source, state.offset, end, state, blocks);
      lines?.push(lineKind(state, opened));
      state.offset = newline === -1 ? source.length : newline + 1;
      state.line++;
    }
  } catch (error) {
    if (error instanceof Unsure) return null;
    throw error;
  }
  if (resume === state) resumeBlocks = blocks.length;
  // An HTML block the text leaves open runs to its end; what is appended may go on with it.
  const leaf = state.leaf;
  if (leaf?.kind === 'html' && state.containers.length === 0 && state.htmlWanted) blocks.push({ type: 'html', start: leaf.start, end: source.length });
  return { blocks, resume, resumeBlocks };
}

/**
 * Where a line stands, once scanned: in a paragraph (or a heading) at the top level (`top`), on
 * the line that opens a list item at the top level (`item`), in raw HTML at the top level
 * (`html`), or anywhere else (null: in a quote, code, or inside a list item).
 */
export type LineKind = 'top' | 'item' | 'html' | null;

function lineKind(state: ScanState, opened: Container | undefined): LineKind {
  const [first] = state.containers;
  const leaf = state.leaf?.kind ?? null;
  if (first === undefined) return leaf === null || leaf === 'paragraph' ? 'top' : leaf === 'html' ? 'html' : null;
  return state.containers.length === 1 && first.kind === 'item' && first !== opened && (leaf === null || leaf === 'paragraph') ? 'item' : null;
}

const blank = /^[ \t]*$/;
/** Spaces and tabs only: trimStart would take a byte order mark or a no-break space, which start text. */
const leadingSpace = /^[ \t]+/;
const atx = /^(#{1,6})(?:[ \t]|$)/;
const thematicBreak = /^([-*_])(?:[ \t]*\1){2,}[ \t]*$/;
const setextUnderline = /^(?:=+|-+)[ \t]*$/;
const fenceOpen = /^(`{3,})[^`]*$|^(~{3,})/;
const bullet = /^([-+*])(?=[ \t]|$)/;
const ordered = /^(\d{1,9})([.)])(?=[ \t]|$)/;
const rawNames = /^<(?:script|pre|style|textarea)(?=[ \t>]|$)/i;
const closingRawNames = /^<\/(?:script|pre|style|textarea)/i;
const blockNames =
  'address|article|aside|base|basefont|blockquote|body|caption|center|col|colgroup|dd|details|dialog|dir|div|dl|dt|fieldset|figcaption|figure|footer|form|frame|frameset|h[1-6]|head|header|hr|html|iframe|legend|li|link|main|menu|menuitem|nav|noframes|ol|optgroup|option|p|param|search|section|summary|table|tbody|td|tfoot|th|thead|title|tr|track|ul';
const blockTag = new RegExp(`^</?(?:${blockNames})(?=[ \\t>]|/>|$)`, 'i');
// micromark ends an unquoted value at `/` (CommonMark does not): `<img src=a/b.png>` is no complete tag there.
const attribute = String.raw`[ \t]+[A-Za-z_:][\w.:-]*(?:[ \t]*=[ \t]*(?:[^ \t"'=<>\x60/]+|'[^']*'|"[^"]*"))?`;
const completeTag = new RegExp(String.raw`^(?:<[A-Za-z][A-Za-z0-9-]*(?:${attribute})*[ \t]*/?>|</[A-Za-z][A-Za-z0-9-]*[ \t]*>)[ \t]*$`);
/** HTML blocks 1 to 5: how each starts, and what ends it. */
const htmlEnds: ReadonlyArray<[RegExp, RegExp]> = [
  [rawNames, /<\/(?:script|pre|style|textarea)>/i],
  [/^<!--/, /-->/],
  [/^<\?/, /\?>/],
  [/^<![A-Za-z]/, />/],
  [/^<!\[CDATA\[/, /\]\]>/],
];

function scanLine(source: string, start: number, end: number, state: ScanState, blocks: TopBlock[]): void {
  const line = source.slice(start, end);
  const { containers } = state;
  let at = 0;
  let matched = 0;
  for (const container of containers) {
    const rest = line.slice(at);
    if (container.kind === 'quote') {
      const quote = /^ {0,3}>/.exec(rest);
      if (quote === null) break;
      at += quote[0].length;
      if (line[at] === '\t') throw new Unsure();
      if (line[at] === ' ') at++;
    } else if (!blank.test(rest)) {
      const indent = leadingColumns(rest, containers.length > 0);
      if (indent < container.indent) break;
      at += container.indent;
    }
    matched++;
  }
  const rest = line.slice(at);
  const leaf = state.leaf;
  if (matched < containers.length) {
    // A lazy line: the paragraph an unmatched container holds goes on, the containers stay open.
    if (leaf?.kind === 'paragraph' && !blank.test(rest) && !startsBlock(rest, containers.length > 0)) return;
    containers.length = matched;
    state.leaf = null;
  } else if (leaf !== null && leaf.kind !== 'paragraph') {
    if (continueLeaf(leaf, rest, state, start, end, containers.length > 0, blocks)) return;
  } else if (leaf?.kind === 'paragraph' && leadingColumns(rest, containers.length > 0) < 4 && setextUnderline.test(rest.replace(leadingSpace, ''))) {
    if (leaf.definition) throw new Unsure();
    if (containers.length === 0) blocks.push({ type: 'heading', depth: rest.includes('=') ? 1 : 2, setext: true, start: leaf.start, end, line: leaf.line });
    state.leaf = null;
    return;
  }
  openBlocks(line, at, start, end, state, blocks);
}

/** Reads a line into the open fence, HTML block or indented code; false when the leaf ended before it. */
function continueLeaf(leaf: Exclude<Leaf, null>, rest: string, state: ScanState, start: number, end: number, nested: boolean, blocks: TopBlock[]): boolean {
  if (leaf.kind === 'fence') {
    const indent = leadingColumns(rest, nested);
    const closing = /^(`{3,}|~{3,})[ \t]*$/.exec(rest.replace(leadingSpace, ''))?.[1];
    if (indent < 4 && closing !== undefined && closing[0] === leaf.mark[0] && closing.length >= leaf.mark.length) state.leaf = null;
    return true;
  }
  if (leaf.kind === 'html') {
    if (leaf.end === null) {
      if (!blank.test(rest)) return true;
      closeHtml(leaf, start - 1, state, blocks);
      return true;
    }
    if (leaf.end.test(rest)) closeHtml(leaf, end, state, blocks);
    return true;
  }
  // Indented code ends at a line indented less; it stays the leaf for openBlocks, which gives up on
  // a list item after it (micromark reads one as if it interrupted a paragraph, micromark#228).
  return blank.test(rest) || leadingColumns(rest, nested) >= 4;
}

function closeHtml(leaf: { start: number }, end: number, state: ScanState, blocks: TopBlock[]): void {
  if (state.containers.length === 0 && state.htmlWanted) blocks.push({ type: 'html', start: leaf.start, end });
  state.leaf = null;
}

/** Opens the containers and the leaf block `line` starts from `at`, after the containers it matched. */
function openBlocks(line: string, at: number, start: number, end: number, state: ScanState, blocks: TopBlock[]): void {
  const { containers } = state;
  for (;;) {
    const rest = line.slice(at);
    const nested = containers.length > 0;
    const paragraph = state.leaf?.kind === 'paragraph' ? state.leaf : null;
    if (blank.test(rest)) {
      state.leaf = null;
      return;
    }
    const indent = leadingColumns(rest, nested);
    if (indent >= 4) {
      if (paragraph === null) state.leaf = { kind: 'indented' };
      return;
    }
    const text = rest.replace(leadingSpace, '');
    const spaces = rest.length - text.length;
    if (text.startsWith('>')) {
      containers.push({ kind: 'quote' });
      state.leaf = null;
      at += spaces + 1;
      if (line[at] === '\t') throw new Unsure();
      if (line[at] === ' ') at++;
      continue;
    }
    const item = thematicBreak.test(text) ? null : listMarker(text, paragraph !== null);
    if (item !== null) {
      if (state.leaf?.kind === 'indented' || item.empty) throw new Unsure();
      const after = text.slice(item.width);
      // A tab after the marker sets the content's column by tab stops; five spaces start indented code.
      if (/^ *\t/.test(after) || /^ {5}/.test(after)) throw new Unsure();
      const gap = after.length - after.replace(leadingSpace, '').length;
      containers.push({ kind: 'item', indent: spaces + item.width + gap });
      state.leaf = null;
      at += spaces + item.width + gap;
      continue;
    }
    startLeaf(text, paragraph, start, end, state, blocks);
    return;
  }
}

function startLeaf(text: string, paragraph: { start: number } | null, start: number, end: number, state: ScanState, blocks: TopBlock[]): void {
  const top = state.containers.length === 0;
  const fence = fenceOpen.exec(text);
  if (fence !== null) {
    state.leaf = { kind: 'fence', mark: fence[1] ?? fence[2] ?? '```' };
    return;
  }
  const heading = atx.exec(text);
  if (heading !== null) {
    const depth = heading[1]?.length ?? 1;
    if (top) blocks.push({ type: 'heading', depth, setext: false, start, end, line: state.line });
    if (top && depth === 2) state.htmlWanted = false;
    state.leaf = null;
    return;
  }
  if (thematicBreak.test(text)) {
    state.leaf = null;
    return;
  }
  if (text.startsWith('<')) {
    // micromark closes `<!-->` and `<!--->` at once, lets `=` chain values in a tag, and reads CDATA's end its own way.
    if (closingRawNames.test(text) || /^<!---?>|^<!---|^<\?>|^<!\[CDATA\[/.test(text)) throw new Unsure();
    if (/^<\/?[A-Za-z]/.test(text) && !completeTag.test(text) && text.includes('=')) throw new Unsure();
    const kind = htmlEnds.find(([opening]) => opening.test(text));
    if (kind !== undefined) {
      const opening = kind[0].exec(text)?.[0] ?? '';
      const leaf = { kind: 'html' as const, start, end: kind[1] };
      if (kind[1].test(text.slice(opening.length))) closeHtml(leaf, end, state, blocks);
      else state.leaf = leaf;
      return;
    }
    if (blockTag.test(text) || (paragraph === null && completeTag.test(text))) {
      state.leaf = { kind: 'html', start, end: null };
      return;
    }
  }
  if (paragraph === null) state.leaf = { kind: 'paragraph', start, line: state.line, definition: text.startsWith('[') };
}

/** Whether `rest` (not blank), on a line that does not go on with every open container, starts a block rather than going on lazily with a paragraph. */
function startsBlock(rest: string, nested: boolean): boolean {
  if (leadingColumns(rest, nested) >= 4) return false;
  const text = rest.replace(leadingSpace, '');
  if (text.startsWith('>') || fenceOpen.test(text) || atx.test(text) || thematicBreak.test(text)) return true;
  if (text.startsWith('<')) {
    if (closingRawNames.test(text)) throw new Unsure();
    if (htmlEnds.some(([opening]) => opening.test(text)) || blockTag.test(text)) return true;
    // Whether a complete tag on a lazy line starts a block depends in micromark on the lines after it;
    // and micromark reads a tag with chained values (`<a b=c=d>`) as complete.
    if (completeTag.test(text) || (/^<\/?[A-Za-z]/.test(text) && text.includes('='))) throw new Unsure();
  }
  // The paragraph is in a container this line does not go on with: the rule above is not for it.
  return listMarker(text, false) !== null;
}

/**
 * The list item `text` starts (its marker's width, whether it is empty), or null. In a paragraph
 * of the same container (`paragraph`) an empty item, or a numbered one not from 1, is its text.
 */
function listMarker(text: string, paragraph: boolean): { width: number; empty: boolean } | null {
  const found = bullet.exec(text) ?? ordered.exec(text);
  if (found === null) return null;
  const empty = blank.test(text.slice(found[0].length));
  // micromark wants the digit 1 itself to interrupt a paragraph: `01.` does not.
  if (paragraph && (empty || (found[2] !== undefined && found[1] !== '1'))) return null;
  return { width: found[0].length, empty };
}

/** The columns of `text`'s leading whitespace; a tab inside a container is left to remark. */
function leadingColumns(text: string, nested: boolean): number {
  let column = 0;
  for (const char of text) {
    if (char === ' ') column++;
    else if (char === '\t') {
      if (nested) throw new Unsure();
      column += 4 - (column % 4);
    } else break;
  }
  return column;
}
