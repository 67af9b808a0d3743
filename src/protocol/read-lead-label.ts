import { severities, type Severity } from './document.js';
import type { AnswerPosition, HeldPosition } from './position.js';

/** What each kind of label reads as: the other side's point is answered, one's own is held. */
export interface LabelValues {
  answer: AnswerPosition;
  held: HeldPosition;
  severity: Severity;
}

export type LabelKind = keyof LabelValues;

/** What a message calls each kind of label, as the prompts and docs/protocol.md do. */
export const labelNouns: Record<LabelKind, string> = { answer: 'position', held: 'position', severity: 'severity' };

/** Each label's words, exactly: the protocol's own, no synonyms (a synonym is a guess). */
const words: { [K in LabelKind]: ReadonlyArray<[RegExp, LabelValues[K]]> } = {
  answer: [
    [/^partially[ -]agreed\b/i, 'partially-agreed'],
    [/^disagreed\b/i, 'disagreed'],
    [/^agreed\b/i, 'agreed'],
  ],
  held: [
    [/^partially[ -]accepted\b/i, 'conceded-part'],
    [/^maintained\b/i, 'maintained'],
    [/^withdrawn\b/i, 'withdrawn'],
    [/^accepted\b/i, 'accepted'],
  ],
  severity: severities.map((severity) => [new RegExp(`^${severity}\\b`, 'i'), severity]),
};

/** Words that, right after a label, change it whatever follows: `Agreed — but…`, `Accepted — in part`. */
const qualifier = /^(?:partially|partly|in\s+part|but|except|unless|only|if|yes\s+and\s+no)\b/i;
/**
 * Words that deny a label: after a colon always (`Agreed: No`, `Resolved: not really`); after a
 * dash only standing alone (`Agreed — no.`): `Agreed — no test covers it` is a reason.
 */
const denial = /^(?:no|not|none|nope|false|never|n\/a)\b/i;
const alone = /^(?:no|not|none|nope|false|never|n\/a)(?:\s+(?:really|quite|entirely|fully|exactly|yet|at\s+all))?\s*[.!,;)]*\s*$/i;

/** A key a label may be given under, at the start of its line: `**Verdict:** Agreed`. */
const keys: Record<LabelKind, RegExp> = {
  answer: /^(?:verdict|category|answer|response|position|status)[ \t]*:[ \t]*/i,
  held: /^(?:verdict|position|status|decision)[ \t]*:[ \t]*/i,
  severity: /^severity[ \t]*:[ \t]*/i,
};

/** A label read (with the text after it and its delimiter), one that something changes, or none. */
export type LeadReading<K extends LabelKind> = { value: LabelValues[K]; rest: string } | { value: null; why: string } | null;

/**
 * The label `text` starts with, read where it cannot be misread: emphasis around it is dropped,
 * an optional key before it (`Verdict:`), then exactly the protocol's words, then nothing, a
 * full stop, or a dash or colon and what is not a qualifier. Null when `text` does not start
 * with a label at all; `{ value: null, why }` when it starts with one that something changes
 * (a qualifier, a bracket, a second label): never read, and said why.
 */
export function readLeadLabel<K extends LabelKind>(kind: K, text: string, id: string | null = null): LeadReading<K> {
  const plain = dropEmphasis(text).replace(leadingEmoji, '').trim();
  const unkeyed = plain.replace(keys[kind], '');
  for (const [pattern, value] of words[kind] as ReadonlyArray<[RegExp, LabelValues[K]]>) {
    const match = pattern.exec(unkeyed);
    if (!match) continue;
    const rest = unkeyed.slice(match[0].length);
    const why = qualified(kind, rest, value, id);
    return why === null ? { value, rest: originalRest(text, match[0]) } : { value: null, why };
  }
  return null;
}

/**
 * What follows the label in `text` as written (its emphasis kept: it is the start of the
 * reasoning): after the label's words, the marks that close their emphasis, and the delimiter.
 */
function originalRest(text: string, label: string): string {
  const at = text.toLowerCase().indexOf(label.toLowerCase());
  const after = at === -1 ? '' : text.slice(at + label.length);
  return after.replace(/^(?:\*\*|__|[*_])?[ \t]*(?:[.!:—–]|-(?=[ \t]))?[ \t]*(?:\*\*|__)?[ \t]*/, '');
}

/** Why what follows a label changes it, or null when it leaves it standing. */
function qualified(kind: LabelKind, rest: string, value: string, id: string | null): string | null {
  rest = rest.replace(leadingEmoji, '');
  if (/^[ \t]*$/.test(rest) || /^[ \t]*[.!][ \t]*$/.test(rest)) return null;
  const after = /^(?:[ \t]*[.!:][ \t]+|[ \t]*[—–][ \t]*|[ \t]+-[ \t]+|[ \t]*:[ \t]*)(.*)$/.exec(rest);
  if (after === null) return `the label is followed by ${JSON.stringify(rest.trim().slice(0, 20))}`;
  const said = after[1] ?? '';
  const colon = /^[ \t]*:/.test(rest);
  if (qualifier.test(said) || (colon ? denial.test(said) : alone.test(said))) return `the label is qualified (${JSON.stringify(said.slice(0, 30))})`;
  if (readLeadLabel(kind, said) !== null) return 'two labels are given';
  return kind === 'severity' ? null : changedBy(said, colon, value === 'partially-agreed' || value === 'conceded-part', id);
}

/**
 * Why the words after a label (`said`) may change or redirect it, or null: they speak of another
 * point (`Agreed: R2 is right…`), turn it (`…; R1 itself I dispute`, `…; the point stands`), deny
 * it at their end (`…; on this point, no`), are in a script the protocol's words are not in
 * (`Agreed: いいえ`), or, after a colon, are too short to be a reason rather than an answer of
 * their own (`Agreed: Nein`, a single word). A reason in the canonical form goes under the heading instead.
 */
function changedBy(said: string, colon: boolean, partly: boolean, own: string | null): string | null {
  const quoted = JSON.stringify(said.slice(0, 40));
  const text = said.replace(/`[^`]*`/g, ' ');
  const id = [...text.matchAll(/\b[RF]\d+\b/g)].map((match) => match[0]).find((named) => named !== own);
  if (id !== undefined) return `the text after the label speaks of ${id} (${quoted})`;
  // A partial label says both sides itself: `Partially agreed: the log goes, but the flag stays`.
  if (!partly && turning.test(text)) return `the text after the label may turn it (${quoted})`;
  if (deniedAtEnd.test(text)) return `the text after the label ends by denying it (${quoted})`;
  if (foreignLetter.test(text)) return `the text after the label is not in the protocol's words (${quoted})`;
  // A code span is a word of the reason: `**Agreed**: \`src/app.js:2\` goes.`
  const words = said.match(/`[^`]*`|[\p{L}\p{N}]+/gu) ?? [];
  if (colon && words.length === 1) return `the label is followed by an answer, not a reason (${quoted})`;
  return null;
}

/** Words that turn what came before them, or state another position: after a label they may undo it. */
const turning =
  /\b(?:but|however|though|although|except|unless|whereas|dispute[sd]?|disputing|disagree\w*|reject\w*|refuse\w*|maintain\w*|withdr[ae]w\w*|partial\w*|partly|in\s+part|aside|(?:point|finding|issue|concern|objection|it)\s+(?:still\s+)?stands|still\s+(?:open|stands|holds|disputed|unresolved|applies)|not\s+(?:agreed|accepted|convinced|fixed|resolved|settled))\b|(?:^|[,;(—–])\s*that\s+is\b/i;
/** A clause that is only a denial, ending the text: `…, no.`, `…; not really`. */
const deniedAtEnd =
  /(?:^|[,;:.!?—–()]|\s-)\s*(?:no|nope|not(?:\s+really|\s+quite|\s+yet)?|never|nein|nicht|non|niet|nej|nee|nei|nie|nem|ne|não|nao|ikke|hayır|tidak|không)\s*[.!)]*\s*$/i;
/** A letter of a script other than Latin: the protocol's words are English, and a reader cannot tell what such words say. */
const foreignLetter = /(?!\p{Script=Latin})\p{L}/u;

/** Emoji as models put them around a label (`✅ Agreed`, `Agreed ✅`): decoration, never a word. */
const leadingEmoji = /^[ \t]*(?:\p{Extended_Pictographic}[\u{FE0F}\u{20E3}\u{1F3FB}-\u{1F3FF}]*[ \t]*)+/u;

/** Every label word of `kind` in `text` (stems too), outside code spans. */
export function labelWordsIn<K extends LabelKind>(kind: K, text: string): Array<LabelValues[K]> {
  const found: Array<LabelValues[K]> = [];
  const plain = text.replace(/`[^`]*`/g, ' ');
  for (const [pattern, value] of stems[kind] as ReadonlyArray<[RegExp, LabelValues[K]]>) {
    for (const _match of plain.matchAll(pattern)) found.push(value);
  }
  return found;
}

/**
 * The label words of `kind` (stems too: `disagree`, `maintaining`) that `text` puts in bold or
 * italics, outside code spans: a label stated beside another (`**Agreed** — I *disagree* on…`).
 * Words in plain prose are reasoning (`the writer accepts user edits`).
 */
export function emphasizedLabelWords<K extends LabelKind>(kind: K, text: string): Array<LabelValues[K]> {
  const plain = text.replace(/`[^`]*`/g, ' ');
  const spans = [...plain.matchAll(/\*\*([^*\n]+?)\*\*|__([^_\n]+?)__|(?<![*\w])\*(?![*\s])([^*\n]+?)\*(?![*\w])|(?<![_\w])_(?![_\s])([^_\n]+?)_(?![_\w])/g)].map(
    (match) => match[1] ?? match[2] ?? match[3] ?? match[4] ?? '',
  );
  return spans.flatMap((span) => labelWordsIn(kind, span));
}

const stems: { [K in LabelKind]: ReadonlyArray<[RegExp, LabelValues[K]]> } = {
  answer: [
    [/\b(?:partially|partly)[ -]agree\w*|\bagree\w*\s+in\s+part\b/gi, 'partially-agreed'],
    [/\bdisagree\w*/gi, 'disagreed'],
    [/(?<!\b(?:partially|partly)[ -])\bagree(?!\w*\s+in\s+part\b)\w*/gi, 'agreed'],
  ],
  held: [
    [/\b(?:partially|partly)[ -]accept\w*|\baccept\w*\s+in\s+part\b/gi, 'conceded-part'],
    [/\bmaintain\w*/gi, 'maintained'],
    [/\bwithdr[ae]w\w*/gi, 'withdrawn'],
    [/(?<!\b(?:partially|partly)[ -])\baccept(?!\w*\s+in\s+part\b)\w*/gi, 'accepted'],
  ],
  severity: severities.map((severity) => [new RegExp(`\\b${severity}\\b`, 'gi'), severity]),
};

/** Emphasis marks (`**`, `__`, `*`, `_` around words) dropped; struck-out text (`~~`) is kept, so it never reads as a label. */
function dropEmphasis(text: string): string {
  // Pairs only: a lone mark (`Agreed*`, a footnote) stays, and keeps the label from reading whole.
  return text
    .replace(/\*\*(?=\S)(.*?\S)\*\*/g, '$1')
    .replace(/__(?=\S)(.*?\S)__/g, '$1')
    .replace(/(?<![\w*])\*(?=[^\s*])([^*]*?[^\s*])\*(?![\w*])/g, '$1')
    .replace(/(?<![\w_])_(?=[^\s_])([^_]*?[^\s_])_(?![\w_])/g, '$1');
}
