import type { Role } from '../protocol/document.js';

/** A line of the human event log about the run, not one side: `12:00:01 code-debate  warning: …`. */
const aboutTheRun = /^\d\d:\d\d:\d\d code-debate {2}/;
/** The line a side's closing error starts with (cli/main.ts): it runs to the end of the side's stderr. */
const closingError = 'code-debate: ';

export interface DuoStderr {
  /** A line a side printed on stderr. */
  line(role: Role, text: string): void;
  /** The side has exited: its closing error is printed, unless the other side's failure explains the run. */
  ended(role: Role, explainsTheRun: boolean): void;
}

/**
 * What `duo` prints of its two sides' stderr. Each line as it comes, but what both sides say alike
 * once: a line about the run (the sandbox's warning, said by each side's start-up) without its
 * time, and a closing error (both sides refuse the same --agent). A side the duo stopped because
 * the other failed says nothing more: its "Interrupted" would read as a second failure.
 */
export function createDuoStderr(write: (text: string) => void): DuoStderr {
  const said = new Set<string>();
  const closing: Record<Role, string[]> = { reviewer: [], responder: [] };
  // Line by line, as the sides printed them: a caller may mark each line (eval indents them).
  const once = (key: string, lines: readonly string[]) => {
    if (said.has(key)) return;
    said.add(key);
    for (const line of lines) write(`${line}\n`);
  };
  return {
    line(role, text) {
      if (closing[role].length > 0 || text.startsWith(closingError)) closing[role].push(text);
      else if (aboutTheRun.test(text)) once(text.slice('00:00:00 '.length), [text]);
      else write(`${text}\n`);
    },
    ended(role, explainsTheRun) {
      const lines = closing[role].splice(0);
      if (lines.length > 0 && explainsTheRun) once(lines.join('\n'), lines);
    },
  };
}
