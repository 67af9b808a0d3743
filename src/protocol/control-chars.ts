/**
 * Control characters in text from agents and peers: NUL makes `grep` call the file binary, and
 * ESC or a C1 control (U+0080 to U+009F) printed to a terminal can retitle the window or clear
 * the screen. Tab, line feed and carriage return are text.
 */
const controls = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/g;

const names: Record<number, string> = { 0: 'NUL', 7: 'BEL', 8: 'BS', 0x1b: 'ESC', 0x7f: 'DEL' };

// A terminal's escape sequence whole: CSI (`ESC [ … m`, colours), OSC (`ESC ] … BEL`, a title), a C1 CSI.
const sequences = /\u001b\[[0-?]*[ -/]*[@-~]|\u001b\][^\u0007\u001b]*(?:\u0007|\u001b\\)?|\u009b[0-?]*[ -/]*[@-~]/g;

/** `text` without its control characters (escape sequences whole: no `[31m` is left), and how many of each were removed (`2 × NUL`). */
export function stripControlChars(text: string): { text: string; removed: string[] } {
  const counts = new Map<string, number>();
  const count = (name: string) => counts.set(name, (counts.get(name) ?? 0) + 1);
  const stripped = text
    .replace(sequences, () => {
      count('escape sequence');
      return '';
    })
    .replace(controls, (char) => {
      count(nameOf(char));
      return '';
    });
  return { text: stripped, removed: [...counts].map(([name, count]) => `${count} × ${name}`) };
}

/** `text` with each control character (and a carriage return) shown as `\xNN`: safe to print to a terminal. */
export function escapeControlChars(text: string): string {
  return text.replace(/[\u0000-\u0008\u000B-\u001F\u007F-\u009F]/g, (char) => `\\x${hex(char)}`);
}

/** JSON text with DEL and the C1 controls escaped too (JSON.stringify escapes only those below U+0020). */
export function escapeJsonControlChars(json: string): string {
  return json.replace(/[\u007F-\u009F]/g, (char) => `\\u00${hex(char)}`);
}

function nameOf(char: string): string {
  const code = char.charCodeAt(0);
  return names[code] ?? `U+${code.toString(16).toUpperCase().padStart(4, '0')}`;
}

function hex(char: string): string {
  return char.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0');
}
