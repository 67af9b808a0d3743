import { exitCodes, type ExitCode } from '../exit-codes.js';
import { formatHeading } from '../protocol/classify-heading.js';
import { exampleAnswer } from '../protocol/answer-example.js';
import type { Role } from '../protocol/document.js';
import type { SessionCallResult } from '../session/interactive/play-session-call.js';
import { shellWord } from '../shell-word.js';
import { diffCommand } from '../subject/diff-command.js';

const roleNames: Record<Role, string> = { reviewer: 'Reviewer', responder: 'Responder' };

/** What the next calls repeat besides the session: the debate file, when this call named it. */
export interface CallAgain {
  file: string | null;
}

/** The command line of the session's next call. */
export function sessionCommand(word: 'turn' | 'submit', session: string, again: CallAgain): string {
  return ['code-debate', word, '--session', session, ...(again.file === null ? [] : ['--file', shellWord(again.file)])].join(' ');
}

/** The exit code of a call: what the session does next depends on it (see exitCodes). */
export function sessionCallCode(result: SessionCallResult): ExitCode {
  switch (result.type) {
    case 'your-turn':
      return exitCodes.yourTurn;
    case 'waiting':
      return exitCodes.stillWaiting;
    case 'not-your-turn':
      return exitCodes.notYourTurn;
    case 'written':
      return exitCodes.consensus;
    case 'ended':
      if (result.outcome.outcome === 'peer-timeout') return exitCodes.peerTimeout;
      return result.outcome.blocking.length > 0 ? exitCodes.disputed : exitCodes.consensus;
  }
}

/** What a call prints for the session: only what it needs to act next. */
export function renderSessionCall(result: SessionCallResult, again: CallAgain): string {
  const turn = sessionCommand('turn', result.session, again);
  const notes = result.notes.length === 0 ? '' : `\nNotes:\n${result.notes.map((note) => `- ${note}`).join('\n')}\n`;
  const who = roleNames[result.role];
  switch (result.type) {
    case 'waiting':
      return `You are the ${who} (session ${result.session}). It is still the ${roleNames[result.for]}'s turn${roundText(result.round)}: run \`${turn}\` again.\n${notes}`;
    case 'not-your-turn':
      return `Not written: it is the ${roleNames[result.for]}'s turn${roundText(result.round)}, not the ${who}'s. Run \`${turn}\` to wait for yours.\n${notes}`;
    case 'written':
      return result.heading === 'CONSENSUS'
        ? `Written: \`## CONSENSUS\` in ${result.file}: the debate ended. Run \`${turn}\` once more for its outcome.\n${notes}`
        : `Written: \`## ${result.heading}\` in ${result.file}. Run \`${turn}\` to wait for your next turn.\n${notes}`;
    case 'ended':
      return `The debate ended. ${result.outcome.message}\nRun \`code-debate show\` for the ledger. Nothing is left for this session to do.\n${notes}`;
    case 'your-turn':
      return renderYourTurn(result, again, notes);
  }
}

function roundText(round: number): string {
  return round > 0 ? ` (round ${round})` : '';
}

function renderYourTurn(result: Extract<SessionCallResult, { type: 'your-turn' }>, again: CallAgain, notes: string): string {
  const { request } = result;
  const heading = formatHeading(request.turn, request.turn === 'response' || request.turn === 'follow-up' ? request.round : 0);
  const submit = sessionCommand('submit', result.session, again);
  const file = request.subject.files[0] ?? 'path/to/file';
  const schema = request.answerSchema;
  const answer =
    schema === undefined
      ? [
          'Answer with the summary of the CONSENSUS as Markdown (no `#` or `##` headings): code-debate writes the outcome and every point from the debate itself.',
          '',
          `Submit it:\n\n    ${submit} <<'ANSWER'\n    <your summary>\n    ANSWER`,
        ]
      : [
          'A filled example (it validates as it is; write your own content):',
          '',
          '```json',
          JSON.stringify(exampleAnswer(schema.schema, file), null, 2),
          '```',
          '',
          `Submit your JSON (nothing is written until you do; an answer that does not validate is refused with what to fix):\n\n    ${submit} <<'ANSWER'\n    { ...your JSON object... }\n    ANSWER\n\nor save it to a file and run \`${submit} --answer <file>\`.`,
        ];
  return [
    `You are the ${roleNames[request.role]} (session ${result.session}). It is your turn: write \`## ${heading}\` of ${result.file}.`,
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
    `Then run \`${sessionCommand('turn', result.session, again)}\` for what comes next.`,
    notes,
  ].join('\n');
}
