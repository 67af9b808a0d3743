import type { RootContent } from 'mdast';
import { BoundedMap } from '../../bounded-map.js';
import { headingStaysAfterScan } from '../close-open-block.js';
import type { DebateDocument, Section } from '../document.js';
import type { ParseResult } from '../parse-result.js';
import { citeIn, locateCitations, type Citation, type Located } from '../read-citations.js';
import type { BodyReadings, UnreadLabel } from '../read-section.js';
import { continuesWalk, trackPoints, type PointObserver, type PointState } from '../track-points.js';
import type { Extension } from './extends-text.js';
import { rememberSectionBody } from './read-document-tree.js';
import { createBodyMemo } from './body-memo.js';
import { readDocument, sectionNodes } from './read-document.js';
import { createReaderMemory } from './reader-memory.js';

/** How a text was built, as its builder knows: `prefix + appended` (the text itself is held apart). */
export type Growth = Omit<Extension, 'text'>;

/**
 * One reader of one debate file as it grows: the same answers as parseDocument, trackPoints and
 * readCitations, each read only from what the file gained since this reader's last read. A
 * session makes one and keeps it for its whole debate; readers share nothing.
 */
export interface DebateReader {
  /** `parseDocument(text)`; `growth`, when the caller built `text` by appending to a text it read (see stateOf), spares reading it whole. */
  parse(text: string, growth?: Growth): ParseResult;
  /** `trackPoints(document)`: copies, which a caller may change. */
  points(document: DebateDocument): PointState[];
  /**
   * The labels `section` gives that could not be read, by point (see UnreadLabel), as `points`
   * read them; empty for a section no walk of this reader has read yet.
   */
  unreadIn(section: Section): ReadonlyArray<{ id: string; unread: UnreadLabel }>;
  /** The lines of `section` that look like a point's answer but name no point they can be read as (see SectionReading.unplaced), as `points` read them. */
  unplacedIn(section: Section): readonly string[];
  /** `readCitations(document)`. */
  citations(document: DebateDocument): Citation[];
  /** A section's top-level nodes (see sectionNodes): those this reader read it from, when it did. */
  sectionNodes(section: Section): readonly RootContent[];
  /**
   * Whether a level-2 heading written after `text` (the text this reader parsed last) is one, from
   * where the block scanner stopped reading it (see headingStaysAfterScan); null when the reader
   * read `text` otherwise, or not last: closeOpenBlock then parses its last section.
   */
  headingStaysAfter(text: string): boolean | null;
  /** The body of our own section about to be appended and its nodes, read on their own: not parsed again once it is in the file (see sanitizeAgentText). */
  rememberSectionBody(text: string, nodes: readonly RootContent[]): void;
  /** The sections' bodies as this reader read them, each once (see BodyReadings): for what else reads them on this side (the ledger's reader, an agent's answer). */
  readonly bodies: BodyReadings;
}

/** How many section bodies' citations a reader keeps by their text (a file rewritten from the start keeps its sections' words). */
const citedBodies = 4_096;

export function createDebateReader(): DebateReader {
  const memory = createReaderMemory();
  const bodies = createBodyMemo();
  // A turn asks for the states of the document it decided on several times: each document is walked once, from where the last walk ended.
  const walked = new WeakMap<DebateDocument, readonly PointState[]>();
  // What each walked section left unread: a session warns about a peer's section once, without walking the debate again.
  const unread = new WeakMap<Section, Array<{ id: string; unread: UnreadLabel }>>();
  const noteUnread = (id: string, stated: { unread: UnreadLabel | null } | null, section: Section) => {
    const label = stated?.unread ?? null;
    if (label === null) return;
    const found = unread.get(section) ?? [];
    if (!found.some((entry) => entry.id === id)) found.push({ id, unread: label });
    unread.set(section, found);
  };
  const unplaced = new WeakMap<Section, readonly string[]>();
  const observer: PointObserver = {
    read: (reading, section) => {
      if (reading.unplaced.length > 0) unplaced.set(section, reading.unplaced);
    },
    answered: (state, stated, section) => noteUnread(state.point.id, stated, section),
    held: (state, stated, section) => noteUnread(state.point.id, stated, section),
  };
  let lastWalk: { document: DebateDocument; sections: number; states: readonly PointState[] } | null = null;
  // A document that extends the last one shares its sections: their citations are not read again.
  let lastCited: { sections: readonly Section[]; citations: readonly Citation[] } | null = null;
  const citedBy = new WeakMap<Section, readonly Citation[]>();
  const citedBody = new BoundedMap<string, readonly Located[]>(citedBodies);

  const citationsOf = (section: Section): readonly Citation[] => {
    let found = citedBy.get(section);
    if (found !== undefined) return found;
    let located = citedBody.get(section.body);
    if (located === undefined) {
      located = locateCitations(sectionNodes(section, memory));
      citedBody.set(section.body, located);
    }
    found = citeIn(section, located);
    citedBy.set(section, found);
    return found;
  };

  return {
    parse(text, growth) {
      if (growth !== undefined) memory.extension = { text, ...growth };
      return readDocument(memory, text);
    },
    points(document) {
      let states = walked.get(document);
      if (states === undefined) {
        const from = lastWalk !== null && continuesWalk(document, lastWalk) ? { sections: lastWalk.sections, states: lastWalk.states } : null;
        states = trackPoints(document, observer, from, bodies);
        walked.set(document, states);
        lastWalk = { document, sections: document.sections.length, states };
      }
      return states.map((state) => ({ ...state }));
    },
    citations(document) {
      const { sections } = document;
      const before = lastCited !== null && startsWith(sections, lastCited.sections) ? lastCited : null;
      const added = sections
        .slice(before?.sections.length ?? 0)
        .filter((section) => section.kind !== 'consensus')
        .flatMap(citationsOf);
      const citations = before === null ? added : [...before.citations, ...added];
      lastCited = { sections, citations };
      return [...citations];
    },
    unreadIn: (section) => unread.get(section) ?? [],
    unplacedIn: (section) => unplaced.get(section) ?? [],
    sectionNodes: (section) => sectionNodes(section, memory),
    headingStaysAfter(text) {
      const read = memory.parsed;
      if (read === null || read.text !== text || read.top.mode !== 'scan') return null;
      return headingStaysAfterScan(read.source, read.top.resume);
    },
    rememberSectionBody: (text, nodes) => rememberSectionBody(memory, text, nodes),
    bodies,
  };
}

function startsWith(sections: readonly Section[], prefix: readonly Section[]): boolean {
  return sections.length >= prefix.length && prefix.every((section, index) => section === sections[index]);
}
