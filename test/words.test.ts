import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * One word a concept (docs/how-it-works.md, "Words"): the names the glossary retired stay retired
 * in src/. Each rule is a name in the meaning it was retired from, precise enough that the words'
 * other meanings pass: `reply` still names reply.md and the MCP server's reply to a tool call; only a
 * side's stated position, or its words on a point, named `reply` are caught.
 */
const retired: ReadonlyArray<{ pattern: RegExp; use: string }> = [
  { pattern: /\bPointReply\b/, use: 'StatedPosition (what a side stated on a point: its position, text and reasoning)' },
  {
    // A point observer's callback (track-points.ts's PointObserver) taking the stated position as `reply`.
    pattern: /\b(?:answered|held)\s*(?:\?\s*)?(?::\s*)?\(\s*state\b[^,)]*,\s*reply\b/,
    use: '`stated` for the StatedPosition an observer is given',
  },
  {
    // A side's words on a point held as a string named `reply` (the built-in agent's answerWords).
    pattern: /\b(?:reply|replies)\??\s*:\s*string\b|\bconst replies\b/,
    use: '`answerWords` (what the answering side said with its position)',
  },
  { pattern: /\bSessionContext\b|\bsession-context\.[jt]s\b/, use: 'SideContext in session/side-context.ts (who a side is; an agent session is an agent CLI\u2019s conversation)' },
  {
    // A side's run (runSide, its options, events and outcome) is not a session: that word is an interactive session's.
    pattern: /\b(?:runSession|SessionOptions|SessionEvent|SessionOutcome)\b|\b(?:run-session|session-options|session-events)\.[jt]s\b/,
    use: 'runSide, SideOptions, SideEvent, SideOutcome in session/run-side.ts, side-options.ts, side-events.ts (a session is an interactive one)',
  },
  {
    // Messages: an answer position is a position (`uncategorized`, a published show --json value, passes).
    pattern: /\bno category\b|\bdid not categorize\b|\bno categorized\b|answer: 'category'/,
    use: '"position" in a message (no position could be read)',
  },
  { pattern: /\bstated\??\.label\b/, use: '`stated.position` (a position is written as a label; in the code it is a position)' },
];

/** Each retired name in `text`, with its line and the word to use instead. */
export function retiredWordsIn(text: string): Array<{ line: number; found: string; use: string }> {
  const found: Array<{ line: number; found: string; use: string }> = [];
  text.split('\n').forEach((line, index) => {
    for (const rule of retired) {
      const match = rule.pattern.exec(line);
      if (match !== null) found.push({ line: index + 1, found: match[0], use: rule.use });
    }
  });
  return found;
}

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}

describe('one word per concept', () => {
  it('finds no retired name in src/', () => {
    const src = path.resolve(import.meta.dirname, '..', 'src');
    const files = sourceFiles(src);
    expect(files.length).toBeGreaterThan(100);
    const hits = files.flatMap((file) => retiredWordsIn(readFileSync(file, 'utf8')).map((hit) => `${path.relative(src, file)}:${hit.line}: ${hit.found} (use ${hit.use})`));
    expect(hits).toEqual([]);
  });

  it('catches each retired name where it is planted, and not the words’ other meanings', () => {
    const planted = [
      "import type { PointReply } from '../protocol/track-points.js';",
      '  answered?(state: PointState, reply: StatedPosition<AnswerPosition> | null, section: Section): void;',
      '    held: (state, reply, section) => {',
      "      if (stated.label === 'withdrawn') return;",
      '  reply: string;',
      '  const replies = new Map<string, string>();',
      "import type { SessionContext } from './session-context.js';",
      "  why: `no category stands in the point's heading`,",
      "import { runSession, type SessionOptions } from '../session/run-session.js';",
      'export type SessionEvent =',
    ].join('\n');
    expect(retiredWordsIn(planted).map((hit) => hit.line)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    const otherMeanings = [
      "const file = path.join(dir, 'reply.md');",
      "  const reply = (output: CallOutput, text: string) => ({ content: [{ type: 'text' as const, text }] });",
      '  answerWords: string;',
      "import type { SideContext } from './side-context.js';",
      "  const position = stated?.position ?? 'uncategorized';",
      '    answered: (state, stated) => {',
      '  const label = stated?.unread ?? null;',
      "      const { runSessionCommand } = await import('./session-command.js');",
      "import { readRemoteSessionNote, type SessionHold } from './session-claim.js';",
    ].join('\n');
    expect(retiredWordsIn(otherMeanings)).toEqual([]);
  });
});
