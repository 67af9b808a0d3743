import type { RootContent } from 'mdast';
import type { DebateDocument, Section } from '../document.js';
import type { TreeReaderMemory } from './read-document-tree.js';
import type { TopLevel } from './read-top-level.js';

/**
 * What one reader of a growing debate file remembers between two reads of it, so that a read
 * parses only what the file gained (see createDebateReader): the tree's part (see
 * readDocumentTree), then the document's. A fresh memory reads from nothing: parseDocument makes
 * one per call, which is what keeps it a pure function.
 */
export interface ReaderMemory extends TreeReaderMemory {
  /** The last document read, and how (see readDocument). */
  parsed: ParseMemory | null;
  /** The top-level nodes of each section's body, as the document's tree read them. */
  nodes: WeakMap<Section, readonly RootContent[]>;
}

export function createReaderMemory(): ReaderMemory {
  return { extension: null, tree: null, sectionBody: null, parsed: null, nodes: new WeakMap() };
}

export interface Span {
  bodyStart: number;
  /** Where the section's text ends: the next section's heading, or the end of what is read. */
  end: number;
  section: Section;
}

/**
 * The last document a memory read, how it was read (the tree, the scan of its nodes) and where
 * each of its sections was read from (`spans`, in the order of the sections). A turn parses the
 * file it waited for, parses it again before and after writing, and the file only grows: the same
 * text gives the same document, and a text that extends it reuses every section that ends before
 * the join (objects the reader's memos then recognize) and scans only the nodes after it.
 */
export interface ParseMemory {
  text: string;
  source: string;
  top: TopLevel;
  document: DebateDocument;
  spans: Span[];
  /** The document's notes: the scan's, then the headings kept as text (see admitSection). */
  notes: string[];
  endsWithNewline: boolean;
}
