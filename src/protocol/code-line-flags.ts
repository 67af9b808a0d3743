/** A line that opens a fenced code block: three or more backticks (with none in the info string after them) or tildes. */
export const fenceOpening = /^ {0,3}(`{3,}(?=[^`]*$)|~{3,})/;

/** true for each line that lies inside (or fences) a fenced code block. */
export function codeLineFlags(lines: readonly string[]): boolean[] {
  let open: string | null = null;
  return lines.map((line) => {
    const fence = fenceOpening.exec(line)?.[1];
    if (open === null) {
      if (fence) open = fence;
      return fence !== undefined;
    }
    if (fence && fence[0] === open[0] && fence.length >= open.length && line.trim() === fence) open = null;
    return true;
  });
}
