import type { Category, Severity } from './document.js';

/** A Reviewer's position on a point in a follow-up; `conceded-part` accepts the answer in part. */
export type Position = 'maintained' | 'withdrawn' | 'accepted' | 'conceded-part';

/** What each kind of label reads as. */
export interface LabelValues {
  category: Category;
  position: Position;
  severity: Severity;
}

export type LabelKind = keyof LabelValues;

/** The words of each label, longest first where one starts another (README, "the label grammar"). */
const words: { [K in LabelKind]: ReadonlyArray<[string, LabelValues[K]]> } = {
  category: [
    [String.raw`partially[\s-]+agreed?|partly[\s-]+agreed?|agreed?\s+in\s+part|partial\s+agreement`, 'partially-agreed'],
    [String.raw`disagreed?`, 'disagreed'],
    [String.raw`agreed?`, 'agreed'],
  ],
  position: [
    [String.raw`(?:partially|partly)[\s-]+(?:accepted|conceded)|(?:accepted|conceded)\s+in\s+part`, 'conceded-part'],
    [String.raw`maintain(?:ed|ing)?`, 'maintained'],
    [String.raw`withdraw(?:n|ing)?`, 'withdrawn'],
    [String.raw`accept(?:ed)?|concede[ds]?|resolved`, 'accepted'],
  ],
  severity: [
    [String.raw`critical|blocker|p0`, 'critical'],
    [String.raw`high|major|p1`, 'high'],
    [String.raw`medium|moderate|p2`, 'medium'],
    [String.raw`low|minor|p3`, 'low'],
    [String.raw`nit(?:pick)?|trivial|info(?:rmational)?`, 'nit'],
  ],
};

/**
 * One emoji as models put around a label (`⚠️`, `✅`, `🔴`, `👍🏽`, a ZWJ sequence, a flag): each
 * run of them splits into emoji one way only, so a line of a hundred emoji is read in linear time.
 */
export const emoji = String.raw`(?:\p{Extended_Pictographic}[\u{FE0F}\u{20E3}\u{1F3FB}-\u{1F3FF}]*(?:\u{200D}\p{Extended_Pictographic}[\u{FE0F}\u{1F3FB}-\u{1F3FF}]*)*|[\u{1F1E6}-\u{1F1FF}]{2})`;
// A severity may be named with its scale: `High severity`, `P1 priority`.
const suffix: Record<LabelKind, string> = { category: '', position: '', severity: String.raw`(?:\s+(?:severity|priority))?` };

/**
 * A label at the start of a text: emoji, an emphasis opener (`**`, `__`, `*`, `_`), the words,
 * emoji after them (`Agreed ✅`), and the closer with a `.`, `:` or `!` before it. Groups: 1 the
 * opener, 2 the words, 3 the emoji after them, 4 the closer.
 */
const phrases: { [K in LabelKind]: RegExp } = {
  category: phrasePattern('category'),
  position: phrasePattern('position'),
  severity: phrasePattern('severity'),
};

function phrasePattern(kind: LabelKind): RegExp {
  const alternatives = words[kind].map(([pattern]) => pattern).join('|');
  return new RegExp(
    String.raw`^\s*(?:${emoji}\s*)*(?:(\*\*|__|\*|_)\s*(?:${emoji}\s*)*)?((?:${alternatives})${suffix[kind]})(?![\p{L}\p{N}_-])((?:\s*${emoji})*)((?:\s*[.:!])?\s*\1(?![*_])(?:\s*${emoji})*)?`,
    'iud',
  );
}

/** A label found at the start of a text, and where it ends. */
export interface PhraseMatch<K extends LabelKind> {
  value: LabelValues[K];
  /** Whether the label was wholly bold or italic: such a label may be followed by anything. */
  emphasized: boolean;
  /** The text after the label (and its emphasis, when it is closed). */
  rest: string;
}

/** The label `text` starts with, if any; what follows it is the caller's to judge. */
export function matchPhrase<K extends LabelKind>(kind: K, text: string): PhraseMatch<K> | null {
  const match = phrases[kind].exec(text);
  const said = match?.[2];
  if (!match || said === undefined) return null;
  const value = valueOf(kind, said);
  if (value === null) return null;
  const emphasized = (match[1] ?? '') !== '' && match[4] !== undefined;
  // Unemphasized, a `.` or `:` after the words is what follows them, for the caller to judge.
  const end = emphasized ? match[0].length : (match.indices?.[3]?.[1] ?? match[0].length);
  return { value, emphasized, rest: text.slice(end) };
}

/** The label that is the whole of `text` (emphasis, emoji and a final `.`, `:` or `!` allowed). */
export function wholeLabel<K extends LabelKind>(kind: K, text: string): LabelValues[K] | null {
  const found = matchPhrase(kind, text);
  return found !== null && /^[\s.:!]*$/.test(found.rest) ? found.value : null;
}

/**
 * The label `text` starts with when what follows shows it is one: nothing, a `.`, `:`, `;`, `!`,
 * a dash, a `|`, or a bracket; anything after a wholly emphasized label. `Agreed, but…` and
 * `Accepts any input` are prose.
 */
export function leadingLabel<K extends LabelKind>(kind: K, text: string): PhraseMatch<K> | null {
  const found = matchPhrase(kind, text);
  if (found === null) return null;
  return found.emphasized || /^(?:\s*$|\s*[.:;!|—–([]|\s+-\s|\s*-$)/.test(found.rest) ? found : null;
}

// Each label's words, whole, to tell which label a match said.
const wholeWords: { [K in LabelKind]: ReadonlyArray<[RegExp, LabelValues[K]]> } = {
  category: words.category.map(([pattern, value]) => [new RegExp(`^(?:${pattern})$`, 'i'), value]),
  position: words.position.map(([pattern, value]) => [new RegExp(`^(?:${pattern})$`, 'i'), value]),
  severity: words.severity.map(([pattern, value]) => [new RegExp(`^(?:${pattern})$`, 'i'), value]),
};

function valueOf<K extends LabelKind>(kind: K, said: string): LabelValues[K] | null {
  const bare = said.replace(/\s+(?:severity|priority)$/i, '');
  for (const [pattern, value] of wholeWords[kind] as ReadonlyArray<[RegExp, LabelValues[K]]>) if (pattern.test(bare)) return value;
  return null;
}
