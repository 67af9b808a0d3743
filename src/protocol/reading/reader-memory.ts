import type { RootContent } from 'mdast';
import type { Section } from '../document.js';
import type { Extension } from './extends-text.js';
import type { ParseMemory } from './read-document.js';
import type { SectionBody, TreeMemory } from './read-document-tree.js';

/**
 * What one reader of a growing debate file remembers between two reads of it, so that a read
 * parses only what the file gained (see createDebateReader). A fresh memory reads from nothing:
 * parseDocument makes one per call, which is what keeps it a pure function.
 */
export interface ReaderMemory {
  /** The last text known to be built by appending (a file read from where it ended, a normalized append). */
  extension: Extension | null;
  /** The last mdast tree read, for readDocumentTree to extend. */
  tree: TreeMemory | null;
  /** The body of our own section about to be appended, already read (see sanitizeAgentText). */
  sectionBody: SectionBody | null;
  /** The last document read, and how (see readDocument). */
  parsed: ParseMemory | null;
  /** The top-level nodes of each section's body, as the document's tree read them. */
  nodes: WeakMap<Section, readonly RootContent[]>;
}

export function createReaderMemory(): ReaderMemory {
  return { extension: null, tree: null, sectionBody: null, parsed: null, nodes: new WeakMap() };
}
