import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { describeDuration } from '../../format-duration.js';
import os from 'node:os';
import path from 'node:path';
import { AgentError } from '../../errors.js';
import { trackPoints } from '../../protocol/track-points.js';
import { formatHeading } from '../../protocol/classify-heading.js';
import type { Agent, TurnRequest } from '../agent.js';
import { renderDraft } from './human-draft.js';
import { readPointContexts } from './human-draft-context.js';
import { resolveEditor, runEditor, type Editor, type EditorOutcome } from './human-editor.js';
import { stripDraftComments } from './human-strip-comments.js';
import { failurePrefix } from '../run-agent-process.js';
import { maxTimerMs } from '../../max-timer.js';

export interface HumanAgentOptions {
  /** Where VISUAL, EDITOR and PATH are read from; the editor runs with it. */
  env: NodeJS.ProcessEnv;
  /** Whether stdin and stdout are both a terminal (injected, so tests can run without one). */
  isTerminal: () => boolean;
}

/** An empty or unchanged draft is opened again this many times in all before the turn fails. */
export const maxDraftAttempts = 3;

/** What the person wrote for one section, kept for when code-debate asks for it again. */
interface Earlier {
  prompt: string;
  text: string | null;
}

/**
 * `--agent human`: a person writes the turn in their editor. Each turn opens a draft holding the
 * instructions, the open points and the replies to choose from; what is saved, without comments,
 * is the section. When code-debate asks again (the text did not fit), the draft holds what the
 * person wrote and what was wrong with it.
 */
export function createHumanAgent(options: HumanAgentOptions): Agent {
  const earlier = new Map<string, Earlier>();
  /** How many sections the last draft this person saw was made on: what came since is said in the next. */
  let seenSections: number | null = null;
  return {
    name: 'human',
    interactive: true,
    async writeTurn(request) {
      const what = failurePrefix('human', request);
      if (!options.isTerminal()) {
        throw new AgentError(
          `${what}: the human agent needs a terminal to open your editor, and stdin or stdout is not one. ` + 'Run code-debate in a terminal, or choose another --agent.',
          'not-installed',
        );
      }
      const editor = resolveEditor(options.env);
      if (editor === null) {
        throw new AgentError(`${what}: no editor is set (VISUAL and EDITOR are empty) and \`vi\` is not on PATH. Set EDITOR, e.g. \`export EDITOR=nano\`.`, 'not-installed');
      }
      if (request.signal.aborted) throw new AgentError(`${what}: the turn was interrupted.`, 'interrupted');
      const key = `${request.turn} ${request.round}`;
      const before = earlier.get(key);
      const feedback = before !== undefined && request.prompt.startsWith(before.prompt) ? readFeedback(request.prompt.slice(before.prompt.length)) : [];
      if (before === undefined) earlier.set(key, { prompt: request.prompt, text: null });
      const since = [...(seenSections === null ? [] : describeSince(request.document, seenSections)), ...(request.notices ?? []).map((notice) => `warning: ${notice}`)];
      seenSections = request.document.sections.length;
      const text = await editDraft(request, what, editor, options.env, { previous: before?.text ?? null, feedback, since });
      const entry = earlier.get(key);
      if (entry) entry.text = text;
      return text;
    },
  };
}

/** The sections written since the person's last draft, one line each (the log is hidden while the editor runs). */
function describeSince(document: TurnRequest['document'], seen: number): string[] {
  return document.sections
    .slice(seen)
    .map(
      (section) =>
        `${section.signature === null ? 'the peer' : `the ${section.signature.role} (${section.signature.agent})`} wrote ## ${section.heading}${section.signature === null ? '' : ` at ${section.signature.time.slice(11, 16)}`}`,
    );
}

async function editDraft(
  request: TurnRequest,
  what: string,
  editor: Editor,
  env: NodeJS.ProcessEnv,
  start: { previous: string | null; feedback: string[]; since: string[] },
): Promise<string> {
  const deadline = AbortSignal.timeout(Math.max(1, Math.min(request.timeoutMs, maxTimerMs)));
  const stop = AbortSignal.any([request.signal, deadline]);
  const heading = formatHeading(request.turn, request.round);
  const dir = await mkdtemp(path.join(os.tmpdir(), 'code-debate-human-'));
  const file = path.join(dir, `${heading.toLowerCase().replace(/\s+/g, '-')}.md`);
  const open = trackPoints(request.document).filter((state) => !state.resolved);
  const contexts = readPointContexts(request.document);
  let keep = false;
  try {
    let notices = start.feedback.length > 0 ? ['code-debate could not use your last draft:', ...start.feedback.map((line) => `  ${line}`)] : [];
    for (let attempt = 1; attempt <= maxDraftAttempts; attempt++) {
      const draft = renderDraft({
        role: request.role,
        turn: request.turn,
        heading,
        file: request.file,
        open,
        timeoutMs: request.timeoutMs,
        previous: start.previous,
        notices,
        contexts,
        since: attempt === 1 ? start.since : [],
        diff: request.turn === 'review' ? request.subject.diff : null,
      });
      await writeFile(file, draft);
      request.onEditor?.(true);
      const outcome = await runEditor(editor, file, { cwd: request.cwd, env, signal: stop }).finally(() => request.onEditor?.(false));
      const text = stripDraftComments(await readFile(file, 'utf8').catch(() => ''));
      const changed = text !== '' && text !== stripDraftComments(draft);
      keep = changed;
      const failure = editorFailure(outcome, { what, editor, request, timedOut: deadline.aborted, kept: changed ? file : null });
      if (failure !== null) throw failure;
      if (changed) {
        keep = false;
        return text;
      }
      const left = maxDraftAttempts - attempt;
      notices = [`Your last draft was ${text === '' ? 'empty' : 'unchanged'}: write the section, or leave it so ${left === 1 ? 'once more' : `${left} more times`} to give up.`];
    }
  } finally {
    if (!keep) await rm(dir, { recursive: true, force: true });
  }
  throw new AgentError(
    `${what}: the draft was left empty or unchanged ${maxDraftAttempts} times, so there is no section to write. ` +
      'Run code-debate again when you are ready to write it, or choose another --agent.',
    'empty-output',
  );
}

interface EditorRunContext {
  what: string;
  editor: Editor;
  request: TurnRequest;
  timedOut: boolean;
  /** The draft left on disk because it holds the person's text, if so. */
  kept: string | null;
}

/** Why the editor's run gives no turn, or null when it exited cleanly. */
function editorFailure(outcome: EditorOutcome, context: EditorRunContext): AgentError | null {
  const { what, editor, request } = context;
  const kept = context.kept === null ? '' : ` Your draft is kept in ${context.kept}.`;
  const options = { cause: outcome };
  if (request.signal.aborted) return new AgentError(`${what}: the turn was interrupted.${kept}`, 'interrupted', options);
  if (context.timedOut) {
    const limit = `${describeDuration(request.limitMs ?? request.timeoutMs)} (--agent-timeout)`;
    return new AgentError(
      `${what}: the draft was not saved and closed within ${limit}, so the editor was stopped.${kept} Raise --agent-timeout to take longer.`,
      'timed-out',
      options,
    );
  }
  if (outcome.missing) {
    const fix = 'Set EDITOR to an editor you have, e.g. `export EDITOR=nano`.';
    return new AgentError(`${what}: the editor \`${editor.command}\` (from ${editor.source}) is not installed or not on PATH. ${fix}`, 'not-installed', options);
  }
  if (outcome.exitCode === undefined) {
    const why = outcome.signal ?? outcome.shortMessage;
    return new AgentError(
      `${what}: the editor \`${editor.command}\` stopped without an exit code (${why}).${kept} Try again, or set EDITOR to another editor.`,
      'crashed',
      options,
    );
  }
  if (outcome.exitCode !== 0) {
    // git reads a failing editor as "abort", and so does a person who quits vi with `:cq`.
    return new AgentError(
      `${what}: the editor \`${editor.command}\` exited with code ${outcome.exitCode} (\`:cq\` in vi does that), so the turn was abandoned and nothing was written.${kept} ` +
        'Run code-debate again to write it.',
      'interrupted',
      options,
    );
  }
  return null;
}

/** What code-debate added to a prompt it sends again: the list of what was wrong. */
function readFeedback(added: string): string[] {
  return added
    .split('\n')
    .map((line) => line.trimEnd())
    .filter((line) => line.trim() !== '' && !/^-{3,}$/.test(line.trim()));
}
