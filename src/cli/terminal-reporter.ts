import type { Role } from '../agents/agent.js';
import { formatDuration } from '../session/format-duration.js';
import type { Report, SessionEvent } from '../session/session-events.js';
import { createHumanReporter } from './human-reporter.js';

export interface TerminalStream {
  write(text: string): unknown;
  /** Whether the terminal shows colours; Node's answer honours NO_COLOR and FORCE_COLOR. */
  hasColors?(): boolean;
  columns?: number;
}

const roleNames: Record<Role, string> = { reviewer: 'Reviewer', responder: 'Responder' };

/**
 * For a person at a terminal: the event lines, and below them one status line redrawn every
 * second with the role, the round, whose turn it is, what the agent is doing and for how long,
 * and the peer's state. Used only when stderr is a TTY, `CI` is unset and `--json` is off.
 */
export function createTerminalReporter(stream: TerminalStream, now: () => number = Date.now): Report & { stop(): void } {
  const colour = stream.hasColors?.() === true;
  const paint = (code: number, text: string) => (colour ? `\x1b[${code}m${text}\x1b[0m` : text);
  const state = { role: null as Role | null, round: 0, activity: 'starting', since: now(), peer: '' };
  let shown = false;
  const clear = () => {
    if (shown) stream.write('\r\x1b[2K');
    shown = false;
  };
  const draw = () => {
    if (state.role === null) return;
    const role = paint(state.role === 'reviewer' ? 36 : 35, roleNames[state.role]);
    const parts = [role, `round ${Math.max(state.round, 1)}`, `${state.activity} ${formatDuration(Math.max(0, now() - state.since))}`, state.peer].filter((part) => part !== '');
    const line = parts.join(' · ');
    clear();
    stream.write(line.slice(0, Math.max(20, (stream.columns ?? 120) - 1) + (line.length - stripAnsi(line).length)));
    shown = true;
  };
  const lines = createHumanReporter((line) => {
    clear();
    stream.write(line);
  });
  const timer = setInterval(draw, 1_000);
  timer.unref();
  const report = (event: SessionEvent) => {
    lines(event);
    track(state, event, now());
    if (event.type === 'ended') {
      clearInterval(timer);
      clear();
      return;
    }
    draw();
  };
  return Object.assign(report, {
    stop() {
      clearInterval(timer);
      clear();
    },
  });
}

function track(state: { role: Role | null; round: number; activity: string; since: number; peer: string }, event: SessionEvent, at: number): void {
  const set = (activity: string) => {
    state.activity = activity;
    state.since = at;
  };
  switch (event.type) {
    case 'claimed':
      state.role = event.role;
      set('claimed');
      break;
    case 'waiting':
      set(`the ${roleNames[event.for]}'s turn, waiting`);
      break;
    case 'turn-started':
      set(`my turn, ${event.agent} writing ## ${event.heading}`);
      break;
    case 'turn-written':
      set(`wrote ## ${event.heading}`);
      break;
    case 'round-state':
      state.round = event.round + 1;
      break;
    case 'peer-state':
      state.peer = `${roleNames[event.peer]} ${event.state}`;
      break;
  }
}

function stripAnsi(text: string): string {
  return text.replace(/\x1b\[[0-9;]*m/g, '');
}
