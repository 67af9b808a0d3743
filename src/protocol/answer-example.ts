/**
 * A filled example of a turn's answer, made from its JSON Schema (see answerJsonSchema), for a
 * writer that is shown the schema and fills it by hand (an interactive session): every required
 * field present, every id the turn must answer once, nullable fields null, and text that says
 * what belongs there. It validates as it is, so its shape is never the thing to fix.
 */
export function exampleAnswer(schema: Record<string, unknown>, file: string): unknown {
  return fill(schema, '', 0, file);
}

/** What each text field holds, by its name. */
const texts: Record<string, string> = {
  summary: '',
  title: 'One line that names the problem',
  reasoning: 'Why, in Markdown: what the code does, what goes wrong, what to do instead.',
  reason: 'Why the severity changes, in one line',
};

function fill(schema: unknown, key: string, index: number, file: string): unknown {
  if (typeof schema !== 'object' || schema === null) return null;
  const node = schema as Record<string, unknown>;
  if (Array.isArray(node.enum)) {
    // Each item of a list of answers names the next id; any other choice shows its first value (a severity, the middle one).
    if (key === 'id') return node.enum[index % node.enum.length] ?? null;
    return key === 'severity' && node.enum.includes('medium') ? 'medium' : (node.enum[0] ?? null);
  }
  const choices = (node.anyOf ?? node.oneOf) as unknown[] | undefined;
  if (Array.isArray(choices)) {
    // A nullable field (endLine, a severity change) is left null: the example stays the simplest valid answer.
    if (choices.some((choice) => typeof choice === 'object' && choice !== null && (choice as { type?: unknown }).type === 'null')) return null;
    return fill(choices[0], key, index, file);
  }
  switch (node.type) {
    case 'object': {
      const properties = (node.properties ?? {}) as Record<string, unknown>;
      return Object.fromEntries(Object.entries(properties).map(([name, inner]) => [name, fill(inner, name, index, file)]));
    }
    case 'array': {
      // Evidence is shown with one place, so its form is seen; other lists hold what they must.
      const count = typeof node.minItems === 'number' ? node.minItems : key === 'evidence' ? 1 : 0;
      return Array.from({ length: count }, (_, item) => fill(node.items, key, item, file));
    }
    case 'string':
      return key === 'path' ? file : (texts[key] ?? '');
    case 'integer':
    case 'number':
      return 1;
    case 'null':
      return null;
    default:
      return null;
  }
}
