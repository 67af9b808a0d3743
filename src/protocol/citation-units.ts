import type { Code, Nodes, PhrasingContent, RootContent } from 'mdast';

/** Stands for one inline code span in a unit's text, so prose rules never look inside code. */
export const codeMark = '\uE000';

/** One paragraph or heading of a section: where a citation and the code it quotes sit together. */
export interface CitationUnit {
  /** The block's text, each inline code span replaced by `codeMark`. */
  text: string;
  /** The inline code spans' contents, one per `codeMark`, in order. */
  codes: string[];
  /** Rows of a table written as plain text: each line stands alone. */
  tableRows: boolean;
  /** The content of a code block directly after this one, when there is one. */
  nextCode: string | null;
}

/**
 * The paragraphs and headings of a section body (its top-level nodes, see sectionNodes), in
 * order, outside code blocks: a citation in a code block is code (a stack trace, a log), not a
 * claim about the snapshot.
 */
export function readCitationUnits(nodes: readonly RootContent[]): CitationUnit[] {
  const units: CitationUnit[] = [];
  const visit = (children: readonly RootContent[], after: RootContent | null): void => {
    children.forEach((node, index) => {
      const next = children[index + 1] ?? after;
      if (node.type === 'paragraph' || node.type === 'heading') {
        units.push(toUnit(node.children, next?.type === 'code' ? codeQuote(next) : null));
      } else if ('children' in node && node.type !== 'table') {
        visit(node.children as RootContent[], next);
      }
    });
  };
  visit(nodes, null);
  return units;
}

function toUnit(children: readonly PhrasingContent[], nextCode: string | null): CitationUnit {
  const codes: string[] = [];
  const flatten = (nodes: readonly Nodes[]): string =>
    nodes
      .map((node) => {
        if (node.type === 'text') return node.value;
        if (node.type === 'inlineCode') {
          codes.push(node.value);
          return codeMark;
        }
        if (node.type === 'break') return '\n';
        return 'children' in node ? flatten(node.children) : ' ';
      })
      .join('');
  const text = flatten(children);
  const lines = text.split('\n').filter((line) => line.trim() !== '');
  return { text, codes, tableRows: lines.length > 1 && lines.every((line) => line.trimStart().startsWith('|')), nextCode };
}

/** What a code block claims is in the file: for a diff, its new side without the markers. */
function codeQuote(code: Code): string | null {
  let value = code.value;
  if (/^(?:diff|patch)$/i.test(code.lang ?? '')) {
    value = value
      .split('\n')
      .filter((line) => !/^(?:-|\+\+\+|@@|diff |index )/.test(line))
      .map((line) => line.replace(/^[+ ]/, ''))
      .join('\n');
  }
  return value.trim() === '' ? null : value;
}
