/** Where and why text that should be JSON is not: `what` in words, at a 1-based line and column. */
export interface JsonError {
  what: string;
  line: number;
  column: number;
}

class Stop {
  constructor(
    readonly what: string,
    readonly offset: number,
  ) {}
}

const number = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const escapes: ReadonlySet<string> = new Set(['"', '\\', '/', 'b', 'f', 'n', 'r', 't']);

/**
 * The first place `text` breaks JSON (RFC 8259), in words a model can act on, or null when it is
 * JSON. JSON.parse's own message varies with Node's version and often names no position.
 */
export function locateJsonError(text: string): JsonError | null {
  let at = 0;
  const found = (): string => (at >= text.length ? 'the end of the text' : text[at] === '\n' ? 'a line break' : `\`${text[at]}\``);
  const stop = (what: string): never => {
    throw new Stop(what, at);
  };
  const space = () => {
    while (at < text.length && ' \t\n\r'.includes(text[at] ?? '')) at++;
  };
  const string = () => {
    at++;
    for (;;) {
      const char = text[at];
      if (char === undefined) stop('the text ends inside a string');
      if (char === '"') {
        at++;
        return;
      }
      if (char === '\\') {
        const next = text[at + 1] ?? '';
        if (next === 'u' && /^[0-9a-fA-F]{4}$/.test(text.slice(at + 2, at + 6))) at += 6;
        else if (escapes.has(next)) at += 2;
        else stop(`\`\\${next}\` is no escape JSON knows inside a string`);
        continue;
      }
      if ((char ?? ' ') < ' ') stop(`${char === '\n' ? 'a raw line break' : 'a control character'} inside a string: write it as \`\\n\` (or \`\\u00XX\`)`);
      at++;
    }
  };
  const members = (close: '}' | ']') => {
    at++;
    space();
    if (text[at] === close) {
      at++;
      return;
    }
    for (;;) {
      space();
      if (close === '}') {
        if (text[at] !== '"') stop(`expected a double-quoted property name, found ${found()}`);
        string();
        space();
        if (text[at] !== ':') stop(`expected \`:\` after the property name, found ${found()}`);
        at++;
        space();
      }
      value();
      space();
      if (text[at] === ',') {
        at++;
        continue;
      }
      if (text[at] === close) {
        at++;
        return;
      }
      stop(`expected \`,\` or \`${close}\` after ${close === '}' ? 'a property value' : 'an array element'}, found ${found()}`);
    }
  };
  const value = () => {
    const char = text[at];
    if (char === '{') return members('}');
    if (char === '[') return members(']');
    if (char === '"') return string();
    if (char !== undefined && /[-\d]/.test(char)) {
      number.lastIndex = at;
      const match = number.exec(text);
      if (match === null) stop(`expected a number, found ${found()}`);
      at += match?.[0].length ?? 0;
      return;
    }
    for (const word of ['true', 'false', 'null']) {
      if (text.startsWith(word, at)) {
        at += word.length;
        return;
      }
    }
    stop(`expected a value (an object, array, string, number, \`true\`, \`false\` or \`null\`), found ${found()}`);
  };
  try {
    space();
    value();
    space();
    if (at < text.length) stop(`expected nothing after the JSON value, found ${found()}`);
    return null;
  } catch (error) {
    // Nesting deeper than the stack: no place to name.
    if (!(error instanceof Stop)) return null;
    const before = text.slice(0, error.offset);
    const line = before.split('\n').length;
    return { what: error.what, line, column: error.offset - before.lastIndexOf('\n') };
  }
}
