import { roleNames } from '../protocol/turn-table.js';
import type { Role } from '../protocol/document.js';
import { formatDuration } from '../format-duration.js';
import { formatProgress } from '../format-progress.js';
import type { EventSink, SideEvent } from '../session/side-events.js';
import { createHumanEventLog } from './human-event-log.js';
import { fitStatusLine, type StatusParts } from './fit-status-line.js';

export interface TerminalStream {
  write(text: string): unknown;
  /** Whether the terminal shows colours; Node's answer honours NO_COLOR and FORCE_COLOR. */
  hasColors?(): boolean;
  columns?: number;
  /** Calls `listener` when the terminal is resized (SIGWINCH). */
  onResize?(listener: () => void): void;
}

const hideCursor = '\x1b[?25l';
const showCursor = '\x1b[?25h';

interface StatusState {
  role: Role | null;
  round: number;
  /** What this side does, short (`my turn`) and with detail (`my turn, claude writing ## Review`). */
  activity: { short: string; long: string };
  since: number;
  peer: string;
}

/**
 * For a person at a terminal: the event lines, and below them one status line redrawn every
 * second with the role, the round, how long the current step has taken, the peer's state and
 * what this side does, cut to the terminal's width by priority (the detail first, a cut shown
 * with `…`), redrawn cleanly when the terminal is resized, the cursor hidden while it shows.
 * Nothing at all is drawn while a person's editor has the terminal. Used only when stderr is a
 * TTY, `CI` is unset and `--json` is off; `stop` (or `signal`) clears it and gives the cursor back.
 */
export function createTerminalEventSink(stream: TerminalStream, now: () => number = Date.now, signal?: AbortSignal): EventSink & { stop(): void } {
  const colour = stream.hasColors?.() === true;
  const state: StatusState = { role: null, round: 0, activity: { short: 'starting', long: 'starting' }, since: now(), peer: '' };
  /** The visible length of the line on screen, or null when none is. */
  let shown: number | null = null;
  let editing = false;
  let stopped = false;
  const clear = (columns = columnsOf(stream)) => {
    if (shown === null) return;
    // A line that wrapped (the terminal was made narrower) takes the rows above it too.
    const rows = Math.max(1, Math.ceil(shown / columns));
    stream.write(`\r\x1b[2K${'\x1b[1A\x1b[2K'.repeat(rows - 1)}${showCursor}`);
    shown = null;
  };
  const draw = () => {
    if (state.role === null || editing || stopped) return;
    const parts: StatusParts = {
      role: roleNames[state.role],
      round: `round ${Math.max(state.round, 1)}`,
      elapsed: formatDuration(Math.max(0, now() - state.since)),
      peer: state.peer,
      activity: state.activity,
    };
    const line = fitStatusLine(parts, Math.max(20, columnsOf(stream) - 1));
    clear();
    const role = roleNames[state.role];
    const painted = colour && line.startsWith(role) ? `\x1b[${state.role === 'reviewer' ? 36 : 35}m${role}\x1b[0m${line.slice(role.length)}` : line;
    stream.write(`${hideCursor}${painted}`);
    shown = [...line].length;
  };
  const lines = createHumanEventLog((line) => {
    clear();
    stream.write(line);
  });
  const timer = setInterval(draw, 1_000);
  timer.unref();
  let lastColumns = columnsOf(stream);
  stream.onResize?.(() => {
    // The line was drawn for the old width: cleared as it lies now, then drawn for the new one.
    clear(Math.min(lastColumns, columnsOf(stream)));
    lastColumns = columnsOf(stream);
    draw();
  });
  const stop = () => {
    stopped = true;
    clearInterval(timer);
    clear();
  };
  signal?.addEventListener('abort', stop, { once: true });
  const emit = (event: SideEvent) => {
    if (event.type === 'editor') {
      // The editor owns the terminal until it exits: the line is cleared before, drawn again after.
      if (event.open) clear();
      editing = event.open;
    }
    lines(event);
    track(state, event, now());
    if (event.type === 'ended') {
      stop();
      return;
    }
    draw();
  };
  return Object.assign(emit, { stop });
}

/**
 * The terminal's width; 120 where it reports none, or 0 (a serial console, some containers' pseudo
 * terminals), which would otherwise read as one column and clear a row per character of the line.
 */
function columnsOf(stream: TerminalStream): number {
  const columns = stream.columns;
  return columns !== undefined && Number.isInteger(columns) && columns > 0 ? columns : 120;
}

function track(state: StatusState, event: SideEvent, at: number): void {
  const set = (short: string, long = short) => {
    state.activity = { short, long };
    state.since = at;
  };
  switch (event.type) {
    case 'claimed':
      state.role = event.role;
      set('claimed');
      break;
    case 'resumed':
      state.round = event.round;
      break;
    case 'waiting':
      state.round = event.round;
      set(`the ${roleNames[event.for]}'s turn`, `the ${roleNames[event.for]}'s turn, waiting`);
      break;
    case 'turn-started':
      state.round = event.round;
      set(event.interactive ? 'your turn' : 'my turn', event.interactive ? `your turn, writing ## ${event.heading}` : `my turn, ${event.agent} writing ## ${event.heading}`);
      break;
    case 'agent-progress': {
      // The step goes on: what it has come to is told, its start is not moved.
      const progress = formatProgress(event);
      if (progress !== null) state.activity = { short: `my turn, ${progress}`, long: `my turn, ${event.agent} writing ## ${event.heading}: ${progress}` };
      break;
    }
    case 'turn-written':
      set(`wrote ## ${event.heading}`);
      break;
    case 'turn-discarded':
      set('deciding again', `did not write ## ${event.heading}, deciding again`);
      break;
    case 'history-changed':
      // The turn the side was taking is over: what it does now is wait for the person to mend the file.
      set(`waiting for ${event.file}`, `waiting for ${event.file} to be restored${event.keep === null ? '' : ' or kept'}`);
      break;
    case 'history-restored':
    case 'history-kept':
      set('going on', `${event.file} ${event.type === 'history-kept' ? 'kept as edited' : 'restored'}: going on`);
      break;
    case 'peer-state':
      state.peer = `${roleNames[event.peer]} ${event.state}`;
      break;
  }
}
