/**
 * What the contract suite's stand-ins answer when a CLI sends them the answer's JSON Schema, as a
 * model held to it would: an instance built from the schema itself, so that it names exactly the
 * ids the schema's enums allow (every open point answered), whatever the turn.
 */
export type JsonSchema = Record<string, unknown>;

/** Preferred values by property name, used where the schema allows them (an enum that holds them, a matching type). */
export type AnswerHints = Record<string, unknown>;

/** The one point of the debate, citing the line the test repository's change adds (test/helpers/debate-repo.ts). */
export const debatePoint = {
  title: 'Debug output left in',
  severity: 'medium',
  evidence: [{ path: 'src/app.js', line: 2, endLine: null }],
  reasoning: 'The `console.log(name)` at `src/app.js:2` prints user input: remove it.',
  reproduction: null,
};

/** The debate every stand-in plays: one point, R1, raised, agreed, then accepted; by the heading the prompt asks for. */
const hintsByHeading: Array<[RegExp, AnswerHints]> = [
  [/`## Review`/, { summary: '', points: [debatePoint] }],
  [/`## Response \d+`/, { summary: '', label: 'Agreed', reasoning: 'the log goes; it was left from debugging.' }],
  [/`## Reviewer Follow-up \d+`/, { summary: '', position: 'Accepted', reasoning: 'fixed as agreed.' }],
];

/** The hints for the turn `text` asks for (see byLastHeading). */
export function hintsFor(text: string): AnswerHints {
  return byLastHeading(text, hintsByHeading) ?? {};
}

/**
 * The value for the heading pattern whose last match comes last in `text`: the turn a prompt asks
 * for, since a resumed conversation still holds the prompts of the turns before; undefined for none.
 */
export function byLastHeading<T>(text: string, table: ReadonlyArray<[RegExp, T]>): T | undefined {
  const last = (pattern: RegExp) => Math.max(-1, ...[...text.matchAll(new RegExp(pattern.source, 'g'))].map((match) => match.index));
  const found = table.map(([pattern, value]) => ({ at: last(pattern), value })).filter((entry) => entry.at >= 0);
  return found.sort((a, b) => b.at - a.at)[0]?.value;
}

/**
 * The fewest items of an array, by property name, that code-debate's validator asks for and the
 * schema a backend is sent cannot say (answerJsonSchema drops `minItems` for strict mode): a
 * review raises at least one point. A model reads it in the prompt and the field's description.
 */
const leastItems: Record<string, number> = { points: 1 };

/**
 * An instance of `schema` (the subset zod's draft-7 output uses: object, array, string, integer,
 * number, boolean, null, enum, anyOf): every required property; one item for each value of an
 * array whose items have an `id` enum, else the hinted items, else as few as `minItems` (or
 * leastItems) allows; a hint where it fits. A number is 1 unless hinted or bounded (a line number
 * starts at 1, and the sent schema no longer says so); a string is one word without spaces or
 * colons, fit for any field, a path too.
 */
export function answerFromSchema(schema: JsonSchema, hints: AnswerHints = {}, name = ''): unknown {
  const hint = hints[name];
  if (Array.isArray(schema.anyOf)) {
    const branches = schema.anyOf as JsonSchema[];
    const nullable = branches.some((branch) => branch.type === 'null');
    if (nullable && (hint === null || hint === undefined)) return null;
    return answerFromSchema(branches.find((branch) => branch.type !== 'null') ?? {}, hints, name);
  }
  if (Array.isArray(schema.enum)) return schema.enum.includes(hint) ? hint : schema.enum[0];
  switch (schema.type) {
    case 'object': {
      const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
      const required = (schema.required ?? Object.keys(properties)) as string[];
      return Object.fromEntries(required.map((key) => [key, answerFromSchema(properties[key] ?? {}, hints, key)]));
    }
    case 'array': {
      const items = (schema.items ?? {}) as JsonSchema;
      const ids = (((items.properties ?? {}) as Record<string, JsonSchema>).id?.enum ?? null) as unknown[] | null;
      if (ids !== null) return ids.map((id) => answerFromSchema(items, { ...hints, id }));
      if (Array.isArray(hint)) return hint;
      const least = typeof schema.minItems === 'number' ? schema.minItems : (leastItems[name] ?? 0);
      return Array.from({ length: least }, () => answerFromSchema(items, hints));
    }
    case 'string':
      return typeof hint === 'string' ? hint : `${name || 'text'} from the stand-in`.replace(/\s/g, '-');
    case 'integer':
    case 'number':
      return typeof hint === 'number' ? hint : typeof schema.minimum === 'number' ? schema.minimum : 1;
    case 'boolean':
      return typeof hint === 'boolean' ? hint : false;
    case 'null':
      return null;
    default:
      throw new Error(
        `answerFromSchema: expected a schema the answer schema uses (object, array, string, integer, number, boolean, null, enum, anyOf), got ${JSON.stringify(schema)}`,
      );
  }
}
