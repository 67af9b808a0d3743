import type { DebateDocument } from '../protocol/document.js';
import { addUsage, describeUsage, type TurnUsage } from '../protocol/usage.js';

/** One section's cost, as `show --json` gives it: the counts null where its agent reported none. */
export interface SectionUsage extends TurnUsage {
  section: string;
  role: string | null;
  agent: string | null;
}

export interface DebateUsage {
  sections: SectionUsage[];
  /** The sum over the sections that reported: a count one of them lacks is null. */
  total: TurnUsage;
}

const unknown: TurnUsage = { inputTokens: null, outputTokens: null, cachedInputTokens: null, costUsd: null };

/** What the debate cost so far, both sides, from the usage each section carries in the file (a restarted side and `show` see it all). */
export function debateUsage(document: DebateDocument): DebateUsage {
  const sections = document.sections.map(
    (section): SectionUsage => ({
      section: section.heading,
      role: section.signature?.role ?? null,
      agent: section.signature?.agent ?? null,
      ...(section.usage ?? unknown),
    }),
  );
  const reported = document.sections.flatMap((section) => (section.usage ? [section.usage] : []));
  return { sections, total: addUsage(reported) ?? unknown };
}

/** One line for people: the total, and which sections reported nothing (a person, the builtin agent, a plain peer). */
export function describeDebateUsage(usage: DebateUsage, document: DebateDocument): string {
  const silent = document.sections
    .filter((section) => section.usage === undefined)
    .map((section) => (section.signature ? `${section.heading} (${section.signature.agent})` : section.heading));
  const reported = usage.sections.length - silent.length;
  if (reported === 0) return 'No agent reported its usage.';
  const total = describeUsage(usage.total);
  return `${total} over ${reported} section${reported === 1 ? '' : 's'}${silent.length === 0 ? '' : `; not reported: ${silent.join(', ')}`}.`;
}
