/** `text` as one POSIX shell word to paste: as it is when it holds only safe characters, else in single quotes (each `'` as `'\''`). */
export function shellWord(text: string): string {
  return /^[\w:./@+=-]+$/.test(text) ? text : `'${text.replace(/'/g, `'\\''`)}'`;
}
