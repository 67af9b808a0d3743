/** The parsed shared file: a pure value, built by `parseDocument` and read by everything else. */
import type { TurnUsage } from './usage.js';

/**
 * The kinds of section, in the order a debate writes them: the one list of them. Each has its
 * entry in the turn table (turn-table.ts, which the compiler holds to this list) and its renderers.
 */
export const sectionKinds = ['review', 'response', 'follow-up', 'consensus'] as const;

/** Which of the four a section is: the Review, a Response, a Reviewer Follow-up or the CONSENSUS; a turn writes one (see turn-table.ts). */
export type SectionKind = (typeof sectionKinds)[number];

/** The two sides of a debate. */
export type Role = 'reviewer' | 'responder';

export const severities = ['critical', 'high', 'medium', 'low', 'nit'] as const;
export type Severity = (typeof severities)[number];

export interface Signature {
  role: string;
  agent: string;
  time: string;
}

export interface Section {
  kind: SectionKind;
  /** 0 for the Review and the CONSENSUS; N for `Response N` and `Reviewer Follow-up N`. */
  number: number;
  /** The heading text as written, e.g. `Follow-up 2`. */
  heading: string;
  /** 1-based line of the heading in the file. */
  line: number;
  /** The Markdown between this heading and the next section (separator and signature excluded). */
  body: string;
  signature: Signature | null;
  /** What the section cost, from the usage line code-debate writes above its signature (see TurnUsage); absent when none. */
  usage?: TurnUsage;
}

/** `path:line` evidence cited by a point. */
export interface Evidence {
  path: string;
  line: number;
  /** The last line of a range (`path:3-7`); absent for one line. */
  endLine?: number;
}

export interface Point {
  /** `R1`, `R2`, ... */
  id: string;
  number: number;
  title: string;
  severity: Severity | null;
  evidence: Evidence[];
  /** The point's Markdown, heading or list marker included. */
  text: string;
}

export interface DocumentMeta {
  v: number;
  base: string | null;
  head: string | null;
  diff: string | null;
  /**
   * For a subject read from the index or the work tree, the commit that holds it as reviewed (made
   * by code-debate, kept by a ref under refs/code-debate/snapshots/): evidence is checked there.
   */
  snapshot: string | null;
}

export interface DebateDocument {
  title: string | null;
  meta: DocumentMeta | null;
  sections: Section[];
  /** The Review's points, in order. */
  points: Point[];
  /** What the reader kept as text and why (a `## CONSENSUS` from the side whose turn it was not): a session warns about each. */
  notes?: readonly string[];
}
