import { roleNames, turnOf } from '../protocol/turn-table.js';
import { exitCodes, type ExitCode } from '../exit-codes.js';
import { formatHeading } from '../protocol/classify-heading.js';
import { exampleAnswer } from '../protocol/answer-example.js';
import { checkAnswerData } from '../protocol/answer-schema.js';
import { renderAnswer } from '../protocol/render-answer.js';
import type { SessionCallResult } from '../session/interactive/play-session-call.js';
import { diffCommand } from '../subject/diff-command.js';

/** How the session makes its next calls: shell commands (`turn`, `submit`), or an MCP client's tools. */
export interface NextCalls {
  /** The phrase that asks for the next `turn`, e.g. "run `code-debate turn --session 3f9a0c1e`". */
  turn: string;
  /** How to submit the answer: JSON (a turn with a schema), or the CONSENSUS summary as Markdown. */
  submit(json: boolean): string;
}

/** What the next calls repeat besides the session: the options this call was given (`--file`, `--max-rounds`), as shell words. */
export interface CallAgain {
  options: readonly string[];
}

/** The command line of the session's next call. */
export function sessionCommand(word: 'turn' | 'submit', session: string, again: CallAgain): string {
  return ['code-debate', word, '--session', session, ...again.options].join(' ');
}

/** The next calls as shell commands, for a session that runs `code-debate turn` and `submit`. */
export function shellCalls(session: string, again: CallAgain): NextCalls {
  const submit = sessionCommand('submit', session, again);
  return {
    turn: `run \`${sessionCommand('turn', session, again)}\``,
    // One single-quoted argument runs in every agent CLI's shell tool: Gemini CLI asks to confirm a
    // heredoc (which headless mode refuses), Claude Code's Bash tool refuses JSON (`{"`) in a command.
    submit: (json) =>
      json
        ? `Submit your answer, the Markdown or the JSON, as one single-quoted argument (a \`'\` inside written \`'\\''\`; nothing is written until you submit; an answer that does not validate is refused with what to fix):\n\n    ${submit} --answer-text '<your answer>'\n\nor on stdin (\`<<'ANSWER'\`), or saved to a file with \`--answer <file>\`.`
        : `Submit it, as one single-quoted argument (a \`'\` inside written \`'\\''\`):\n\n    ${submit} --answer-text '<your summary>'`,
  };
}

/** The exit code of a call: what the session does next depends on it (see exitCodes). */
export function sessionCallCode(result: SessionCallResult): ExitCode {
  switch (result.type) {
    case 'your-turn':
      return exitCodes.yourTurn;
    case 'waiting':
      return exitCodes.stillWaiting;
    case 'peer-gone':
      return exitCodes.peerTimeout;
    case 'not-your-turn':
      return exitCodes.notYourTurn;
    case 'written':
      return exitCodes.consensus;
    case 'ended':
      if (result.outcome.outcome === 'peer-timeout') return exitCodes.peerTimeout;
      return result.outcome.blocking.length > 0 ? exitCodes.disputed : exitCodes.consensus;
  }
}

/** What a call tells the session: only what it needs to act next. */
export function renderSessionCall(result: SessionCallResult, calls: NextCalls): string {
  const notes = result.notes.length === 0 ? '' : `\nNotes:\n${result.notes.map((note) => `- ${note}`).join('\n')}\n`;
  const who = roleNames[result.role];
  switch (result.type) {
    case 'waiting':
      return `You are the ${who} (session ${result.session}). It is still the ${roleNames[result.for]}'s turn${roundText(result.round)}: ${calls.turn} again.\n${notes}`;
    case 'peer-gone':
      return (
        `You are the ${who} (session ${result.session}). The ${roleNames[result.for]} is gone: ${result.reason}. Nobody is taking its turn${roundText(result.round)}, so this session stops here: ` +
        `tell the user. The debate is not over: once the ${roleNames[result.for]} is started again (the same command in another terminal or session), ${calls.turn} to go on.\n${notes}`
      );
    case 'not-your-turn':
      return `Not written: it is the ${roleNames[result.for]}'s turn${roundText(result.round)}, not the ${who}'s. ${capitalize(calls.turn)} to wait for yours.\n${notes}`;
    case 'written':
      return result.heading === 'CONSENSUS'
        ? `Written: \`## CONSENSUS\` in ${result.file}: the debate ended. ${capitalize(calls.turn)} once more for its outcome.\n${notes}`
        : `Written: \`## ${result.heading}\` in ${result.file}. ${capitalize(calls.turn)} to wait for your next turn.\n${notes}`;
    case 'ended':
      return `The debate ended. ${result.outcome.message}\nRun \`code-debate show\` for the ledger. Nothing is left for this session to do.\n${notes}`;
    case 'your-turn':
      return renderYourTurn(result, calls, notes);
  }
}

/** The same example as Markdown, for a shell tool that refuses JSON in a command (Claude Code's Bash tool refuses `{"`). */
function markdownForm(markdown: string | null): string[] {
  if (markdown === null) return [];
  return [
    "The same answer as the section's Markdown, which submit reads too (the form to use where your shell tool refuses JSON in a command, as Claude Code's does):",
    '',
    '```markdown',
    markdown,
    '```',
    '',
  ];
}

function roundText(round: number): string {
  return round > 0 ? ` (round ${round})` : '';
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The heading the session writes on its turn. */
export function turnHeading(result: Extract<SessionCallResult, { type: 'your-turn' }>): string {
  const { request } = result;
  return formatHeading(request.turn, turnOf(request.turn).numbered ? request.round : 0);
}

/** The filled example of the turn's answer (see exampleAnswer), or null for the CONSENSUS summary, which is free text. */
export function turnExample(result: Extract<SessionCallResult, { type: 'your-turn' }>): unknown {
  const schema = result.request.answerSchema;
  return schema === undefined ? null : exampleAnswer(schema.schema, result.request.subject.files[0] ?? 'path/to/file');
}

/** The filled example as the section's canonical Markdown, the other form submit reads; null for the CONSENSUS summary. */
export function turnExampleMarkdown(result: Extract<SessionCallResult, { type: 'your-turn' }>): string | null {
  const scope = result.request.answerScope;
  if (scope === undefined) return null;
  const checked = checkAnswerData(turnExample(result), scope, scope.nextNumber);
  return checked.ok ? renderAnswer(checked.answer).trim() : null;
}

function renderYourTurn(result: Extract<SessionCallResult, { type: 'your-turn' }>, calls: NextCalls, notes: string): string {
  const { request } = result;
  const answer =
    request.answerSchema === undefined
      ? [
          'Answer with the summary of the CONSENSUS as Markdown (no `#` or `##` headings): code-debate writes the outcome and every point from the debate itself.',
          '',
          calls.submit(false),
        ]
      : [
          'A filled example (it validates as it is; write your own content):',
          '',
          '```json',
          JSON.stringify(turnExample(result), null, 2),
          '```',
          '',
          ...markdownForm(turnExampleMarkdown(result)),
          calls.submit(true),
        ];
  return [
    `You are the ${roleNames[request.role]} (session ${result.session}). It is your turn: write \`## ${turnHeading(result)}\` of ${result.file}.`,
    `Subject: ${request.subject.text} (${request.subject.description}). Read it with \`${diffCommand(request.subject)}\`.`,
    'Review with your own read-only tools; never edit files, and never write the debate file yourself: code-debate writes your answer.',
    '',
    '---',
    '',
    request.prompt.trimEnd(),
    '',
    '---',
    '',
    ...answer,
    '',
    `Then ${calls.turn} for what comes next.`,
    notes,
  ].join('\n');
}
