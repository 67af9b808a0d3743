import type { Root, RootContent } from 'mdast';
import { ProtocolError } from '../../errors.js';
import { admitSection } from '../admit-section.js';
import { checkSectionOrder } from '../check-section-order.js';
import type { DebateDocument, Section } from '../document.js';
import type { ParseResult } from '../parse-result.js';
import { readPoints } from '../read-points.js';
import type { Start } from '../read-top-items.js';
import { normalizeNewlines, readMarkdown } from '../read-markdown.js';
import { separatorPattern, splitBody } from '../split-body.js';
import { appendedTo, extendsText } from './extends-text.js';
import { normalizeAppended } from './normalize-appended.js';
import { rememberedNodes } from './read-document-tree.js';
import type { ReaderMemory } from './reader-memory.js';
import { readTopLevel, type TopLevel } from './read-top-level.js';
import { viewOf, type TextView } from './text-view.js';

/**
 * `parseDocument(text)`, reading only what `text` gained when it extends the text `memory` read
 * last, and leaving in `memory` how it read this one. The document is the one parseDocument
 * gives; sections that a grown text still has in the same span are the very objects read before.
 */
export function readDocument(memory: ReaderMemory, text: string): ParseResult {
  const previous = memory.parsed;
  if (previous !== null && text === previous.text) return { ok: true, document: previous.document };
  // The file only grows: what the last document read from its text is read again only if it changed.
  const extended = previous !== null && extendsText(text, previous.text, memory.extension) ? previous : null;
  const source = extended ? normalizeAppended(memory, extended.text, extended.source, text) : normalizeNewlines(text);
  // Read through what the file gained: a grown text is not copied whole for the few slices a parse takes of its end.
  const view = extended ? viewOf(source, extended.source.length, appendedTo(source, extended.source, memory.extension)) : source;
  const top = readTopLevel(memory, source, view, extended?.top ?? null);
  if (top instanceof ProtocolError) return { ok: false, error: top };
  const { scan } = top;
  const { starts } = scan;
  const end = source.length;
  // The sections read before still stand when the tree kept their nodes, or the scan went on from them.
  const kept = extended !== null && top.kept ? extended : null;

  // Every section but the last one read before has the same span: the same section object.
  // A read that kept a heading as text has fewer sections than starts: its sections are read again (a rare file).
  const reused =
    kept === null || kept.notes.length > kept.top.scan.notes.length || kept.spans.length !== kept.top.scan.starts.length ? 0 : Math.max(0, settledStarts(kept.top) - 1);
  const spans = kept === null ? [] : kept.spans.slice(0, reused);
  const notes = [...scan.notes];
  const sections = kept === null ? [] : kept.document.sections.slice(0, reused);
  for (let index = reused; index < starts.length; index++) {
    const start = starts[index] as Start;
    const span = { bodyStart: start.bodyStart, end: starts[index + 1]?.headingStart ?? end };
    const old = extended?.spans[index];
    const same = old !== undefined && old.bodyStart === span.bodyStart && old.section.heading === start.heading && old.section.line === start.line;
    // The same span of the same text reads as the same section: only a section that grew is read again.
    let section = same && old.end === span.end ? old.section : null;
    // The section that ran to the end of the text read before, now followed by blank lines and a
    // separator before the next heading, reads the same: the gained lines are all splitBody trims,
    // and it is not read again (which would read the whole text, see viewOf).
    if (section === null && same && extended?.endsWithNewline && old.end === extended.source.length && span.end > old.end && onlyTrimmed(view.slice(old.end, span.end))) {
      section = old.section;
    }
    if (section === null) {
      const { body, bodyOffset, signature, usage } = splitBody(view.slice(span.bodyStart, span.end));
      const fresh: Section = { kind: start.kind, number: start.number, heading: start.heading, line: start.line, body, signature, ...(usage === null ? {} : { usage }) };
      section = same && sameSection(old.section, fresh) ? old.section : fresh;
      const nodes = section === fresh && top.tree !== null ? nodesWithin(top.tree, span.bodyStart + bodyOffset, span.bodyStart + bodyOffset + body.length) : null;
      if (nodes !== null) memory.nodes.set(section, nodes);
    }
    const admission = admitSection(sections, section, start.foreign === true);
    if (admission.type === 'end') break;
    const above = spans.at(-1);
    if (admission.type === 'text' && above !== undefined) {
      // The heading is text of the section it stands in: that section runs on to the next heading that counts.
      notes.push(admission.note);
      const merged = readSpan(view, above.section, above.bodyStart, span.end);
      spans[spans.length - 1] = { bodyStart: above.bodyStart, end: span.end, section: merged };
      sections[sections.length - 1] = merged;
      continue;
    }
    spans.push({ ...span, section });
    sections.push(section);
  }
  const orderError = checkSectionOrder(sections);
  if (orderError) return { ok: false, error: orderError };
  const review = sections.find((section) => section.kind === 'review');
  const reviewed = extended?.document.sections.find((section) => section.kind === 'review');
  const points = review === undefined ? [] : review === reviewed && extended ? extended.document.points : readPoints(review.body);
  const document: DebateDocument = { title: scan.title, meta: scan.meta, sections, points, ...(notes.length === 0 ? {} : { notes }) };
  memory.parsed = { text, source, top, document, spans, notes, endsWithNewline: view.endsWith('\n') };
  return { ok: true, document };
}

/**
 * How many section starts of a read stand whatever is appended: for a scan, those before its last
 * line when that line had no line end yet (`Response 2` over `-` is a setext heading until ` item`
 * makes the `-` a list item).
 */
function settledStarts(top: TopLevel): number {
  if (top.mode === 'tree' || top.resumeScan instanceof ProtocolError) return top.scan.starts.length;
  return Math.min(top.scan.starts.length, top.resumeScan.starts.length);
}

/** Whether `gained`, whole lines after a line end, holds only the blank and separator lines splitBody takes off a section's end. */
function onlyTrimmed(gained: string): boolean {
  return gained.split('\n').every((line) => line.trim() === '' || separatorPattern.test(line));
}

/**
 * The Markdown of a section's body as top-level mdast nodes: those the document was read from when
 * `memory` read the section (so a turn parses a new section once, not once per reader), else the
 * body parsed alone (as readCitations reads it). The nodes are shared: read them, never change them.
 */
export function sectionNodes(section: Section, memory: ReaderMemory): readonly RootContent[] {
  let nodes = memory.nodes.get(section);
  if (nodes === undefined) {
    nodes = rememberedNodes(memory, section.body) ?? readMarkdown(section.body).children;
    memory.nodes.set(section, nodes);
  }
  return nodes;
}

/**
 * The top-level nodes that start within [start, end), or null when one runs past `end` (a fence
 * left open takes the signature and what follows into its code): the body read alone differs.
 */
function nodesWithin(tree: Root, start: number, end: number): RootContent[] | null {
  const { children } = tree;
  // The nodes are in the order of the text: find the first at or after `start` by halving, as a
  // new section is near the end of tens of thousands of them.
  let low = 0;
  let high = children.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((children[middle]?.position?.start.offset ?? 0) < start) low = middle + 1;
    else high = middle;
  }
  const nodes: RootContent[] = [];
  for (const node of children.slice(low)) {
    const from = node.position?.start.offset;
    const to = node.position?.end.offset;
    if (from === undefined || to === undefined) return null;
    if (from >= end) break;
    if (to > end) return null;
    nodes.push(node);
  }
  return nodes;
}

/** The section `heading` opened, read from `bodyStart` to `end`: one a heading kept as text ran into. */
function readSpan(view: TextView, heading: Section, bodyStart: number, end: number): Section {
  const { body, signature, usage } = splitBody(view.slice(bodyStart, end));
  return { kind: heading.kind, number: heading.number, heading: heading.heading, line: heading.line, body, signature, ...(usage === null ? {} : { usage }) };
}

/** Whether two sections read the same, so the one read before can stand for both. */
function sameSection(a: Section, b: Section): boolean {
  const { signature: x } = a;
  const { signature: y } = b;
  const signed = x === null || y === null ? x === y : x.role === y.role && x.agent === y.agent && x.time === y.time;
  const costed = JSON.stringify(a.usage ?? null) === JSON.stringify(b.usage ?? null);
  return a.kind === b.kind && a.number === b.number && a.heading === b.heading && a.line === b.line && a.body === b.body && signed && costed;
}
