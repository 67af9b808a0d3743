/** Rows of strings → an aligned plain-text table with a header rule, for a terminal or a README. */
export function renderTable(columns, rows) {
  const widths = columns.map((column, i) => Math.max(column.length, ...rows.map((row) => String(row[i] ?? '').length)));
  const line = (cells) =>
    cells
      .map((cell, i) => String(cell ?? '').padEnd(widths[i]))
      .join('  ')
      .trimEnd();
  return [line(columns), line(widths.map((width) => '-'.repeat(width))), ...rows.map(line)].join('\n');
}

/** The same rows as a Markdown table; an indented figure (a detail of the one above) gets an arrow. */
export function renderMarkdownTable(columns, rows) {
  const escape = (cell) =>
    String(cell ?? '')
      .replace(/\|/g, '\\|')
      .replace(/^ +/, '↳ ');
  return [`| ${columns.join(' | ')} |`, `| ${columns.map(() => '---').join(' | ')} |`, ...rows.map((row) => `| ${row.map(escape).join(' | ')} |`)].join('\n');
}
