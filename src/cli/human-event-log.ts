import { roleNames } from '../protocol/turn-table.js';
import { describeDamage } from '../session/describe-damage.js';
import { verdictWords } from '../protocol/reproduction-modes.js';
import os from 'node:os';
import { escapeControlChars } from '../protocol/control-chars.js';
import type { EventSink, SideEvent } from '../session/side-events.js';
import { formatDuration } from '../format-duration.js';
import { formatProgress } from '../format-progress.js';
import { describeUsage } from '../protocol/usage.js';

/**
 * Status lines for a person, one per event, on `write` (stderr): time, side, what happens. Text
 * from the file, git or an agent may hold control characters: they are shown, never sent.
 */
export function createHumanEventLog(write: (line: string) => void, now: () => Date = () => new Date()): EventSink {
  const held = holdWhileEditing();
  const turns = followTurns();
  return (event) => {
    for (const shown of held(event)) {
      const handled = turns(shown);
      const line = handled === undefined ? describe(shown) : handled;
      if (line === null) continue;
      const time = now().toISOString().slice(11, 19);
      const side = shown.role ? roleNames[shown.role].padEnd(9) : 'code-debate';
      write(`${time} ${side}  ${escapeControlChars(line)}\n`);
    }
  };
}

/**
 * One line a turn: what the agent took (and spent) is said with the section it wrote, not on a
 * line of its own; a person's turn is said as theirs. Returns the line for an event this handles
 * (null for one that only waits for the next), undefined for the others.
 */
function followTurns(): (event: SideEvent) => string | null | undefined {
  const people = new Set<string>();
  const finished = new Map<string, Extract<SideEvent, { type: 'agent-finished' }>>();
  /** The last whole minute of each role's turn a progress line was written for. */
  const minutes = new Map<string, number>();
  return (event) => {
    switch (event.type) {
      case 'turn-started':
        minutes.delete(event.role);
        return undefined;
      case 'agent-progress': {
        // A line a minute: a log read later (CI) shows a slow model's pace without a line per report.
        const minute = Math.floor(event.elapsedMs / 60_000);
        const progress = formatProgress(event);
        if (minute === 0 || progress === null || minute <= (minutes.get(event.role) ?? 0)) return null;
        minutes.set(event.role, minute);
        return `${event.agent} is writing ## ${event.heading}: ${progress} after ${formatDuration(event.elapsedMs)}`;
      }
      case 'claimed':
        if (event.agent === 'human') people.add(event.role);
        return undefined;
      case 'agent-finished':
        finished.set(event.role, event);
        return null;
      case 'agent-reasked':
        return people.has(event.role)
          ? `your ## ${event.heading} could not be used (${event.problems.join(' ')}); opening it again (try ${event.attempt} of ${event.of})`
          : undefined;
      case 'turn-written': {
        const agent = finished.get(event.role);
        finished.delete(event.role);
        const size = `${event.bytes} bytes${event.promptBytes > 0 && !people.has(event.role) ? `, prompt ${formatBytes(event.promptBytes)}` : ''}`;
        if (event.by !== undefined) return `${event.by} wrote ## ${event.heading} itself: ${event.why ?? 'no agent was asked'} (${size})`;
        const remote = remoteWait(event.remoteMs);
        if (people.has(event.role))
          return `you wrote ## ${event.heading}${agent === undefined ? '' : ` in ${formatDuration(agent.ms)}`}${remote === '' ? '' : `, then ${remote}`} (${size})`;
        if (agent === undefined) return `wrote ## ${event.heading} in ${formatDuration(event.ms)}${remote === '' ? '' : `: ${remote}`} (${size})`;
        return `wrote ## ${event.heading} in ${formatDuration(event.ms)}: ${agent.agent} took ${formatDuration(agent.ms)} (${describeUsage(agent.usage)})${remote === '' ? '' : `, ${remote}`}; ${size}`;
      }
      case 'ended':
        // A person wrote their turns in an editor: no prompt was sent to an agent.
        return event.role !== null && people.has(event.role) ? event.message : undefined;
      default:
        return undefined;
    }
  };
}

/** A signature's time as a person reads it in a log: `14:39` today, the date too otherwise. */
function clock(at: string): string {
  const time = new Date(at);
  if (Number.isNaN(time.getTime())) return at;
  const today = new Date().toISOString().slice(0, 10) === time.toISOString().slice(0, 10);
  return today ? time.toISOString().slice(11, 16) : `${time.toISOString().slice(0, 10)} ${time.toISOString().slice(11, 16)}`;
}

/** The holder a side took its role over from: a dead process here, or one elsewhere whose claim stopped beating. */
function tookOverFrom(pid: number, host: string | undefined): string {
  return host === undefined || host === os.hostname() ? `dead pid ${pid}` : `pid ${pid} on ${host}, whose claim stopped beating`;
}

/**
 * While a person's editor has the terminal nothing is written on it, as git writes nothing while
 * its editor runs: the events that come meanwhile are kept, and given once the editor exits.
 * Returns the events to show now, in order.
 */
export function holdWhileEditing(): (event: SideEvent) => SideEvent[] {
  let held: SideEvent[] | null = null;
  return (event) => {
    if (event.type === 'editor') {
      if (event.open) {
        held ??= [];
        return [];
      }
      const release = held ?? [];
      held = null;
      return release;
    }
    if (held !== null) {
      held.push(event);
      return [];
    }
    return [event];
  };
}

function describe(event: SideEvent): string | null {
  switch (event.type) {
    case 'editor':
    // followTurns says it once a minute; the status line shows each.
    case 'agent-progress':
      return null;
    case 'claimed':
      return (
        `I am the ${roleNames[event.role]} (pid ${process.pid}, agent ${event.agent}) · ${event.file}${event.remote ? ` (mirrors ${event.remote})` : ''} · ${event.subject}` +
        (event.tookOverFrom === null ? '' : ` · took the role over from ${tookOverFrom(event.tookOverFrom, event.tookOverHost)}`)
      );
    case 'waiting':
      return `waiting for the ${roleNames[event.for]}'s turn (up to ${formatDuration(event.timeoutMs)})`;
    case 'not-a-turn':
      return `the file changed, but it is still the ${roleNames[event.for]}'s turn: not a turn, still waiting`;
    case 'turn-started':
      return event.interactive ? `your turn: you are writing ## ${event.heading} in your editor…` : `my turn: ${event.agent} is writing ## ${event.heading}…`;
    case 'resumed':
      return `continuing the debate in ${event.file}: round ${event.round}, ## ${event.heading} written${event.at === null ? '' : ` at ${clock(event.at)}`}${event.by === null ? '' : ` by the ${event.by}`}`;
    case 'agent-retry':
      return `the agent failed (${event.reason}); trying ## ${event.heading} once more in ${formatDuration(event.delayMs)}`;
    case 'agent-reasked':
      return `the agent's ## ${event.heading} could not be used (${event.problems.join(' ')}); asking again (try ${event.attempt} of ${event.of})`;
    case 'reproduction-ran':
      return `ran the reproduction of ${event.id} in ## ${event.heading} (${formatDuration(event.ms)}): ${verdictWords[event.verdict]}, ${event.why}`;
    case 'agent-finished':
      return `${event.agent} finished ## ${event.heading} in ${formatDuration(event.ms)} (${describeUsage(event.usage)})`;
    case 'turn-written':
      if (event.by !== undefined) return `${event.by} wrote ## ${event.heading} itself: ${event.why ?? 'no agent was asked'} (${event.bytes} bytes)`;
      return `wrote ## ${event.heading} (${event.bytes} bytes, ${formatDuration(event.ms)}${event.promptBytes > 0 ? `, prompt ${formatBytes(event.promptBytes)}` : ''})`;
    case 'turn-discarded':
      return `did not write ## ${event.heading}: ${event.reason}; deciding again`;
    case 'agent-chosen':
      return event.message;
    case 'archived':
      return `${event.file} held a finished debate: moved it to ${event.to} (kept, not deleted); starting a new one`;
    case 'round-state':
      return `round ${event.round} done: ${event.state}${event.stalled ? '; it brought no new reasoning on any open point (a stall: the Reviewer ends the debate on it)' : ''}`;
    case 'warning':
      return `warning: ${event.message}`;
    case 'ended': {
      const sent = (event.prompts ?? []).filter((prompt) => prompt.bytes > 0);
      if (sent.length === 0) return event.message;
      return `${event.message}\n  prompts sent to the agent: ${sent.map((prompt) => `${prompt.heading} ${formatBytes(prompt.bytes)}`).join(', ')}`;
    }
    case 'peer-state':
      return describePeerState(event);
    case 'history-changed':
      return `${describeDamage(event.file, event)}. Waiting up to ${formatDuration(event.timeoutMs)}`;
    case 'history-restored':
      return `${event.file} holds the debate as it was again: going on`;
    case 'history-kept':
      return `${event.file} was edited by hand and the edit kept (${event.change}): going on from the file as it is now`;
  }
}

/** The peer came, went or came back: what it is doing and, when it is gone, what to do. */
function describePeerState(event: Extract<SideEvent, { type: 'peer-state' }>): string | null {
  const peer = roleNames[event.peer];
  const who = event.peerPid === null ? `the ${peer}` : `the ${peer} (pid ${event.peerPid} on ${event.peerHost ?? 'an unknown host'})`;
  switch (event.state) {
    case 'gone':
      return (
        `${who} is gone: ${event.reason}. Restart it with the same \`code-debate\` command in another terminal: ` +
        'it takes its role back and the debate goes on. Still waiting, up to --turn-timeout'
      );
    case 'absent':
      return event.previous === null
        ? `no ${peer} is running yet: nobody holds its role. Start \`code-debate\` in another terminal (a peer following the protocol by hand holds no role: then just wait)`
        : `the ${peer} left: nobody holds its role any more. Start \`code-debate\` again in another terminal to go on`;
    case 'thinking':
    case 'writing':
    case 'waiting': {
      // A peer found at its turn or waiting for ours, or going from one to the other, is no news for the log (the status line shows it).
      const verb = event.previous === 'gone' ? 'is back' : event.previous === 'absent' ? 'joined' : event.previous === event.state ? 'is still at work' : null;
      return verb === null ? null : `${who} ${verb}: ${event.reason}`;
    }
  }
}

/** The part of a turn spent waiting for the remote to take the section, when it is worth a mention: the agent did not take it. */
function remoteWait(ms: number | undefined): string {
  return ms === undefined || ms < 1_000 ? '' : `the remote ${formatDuration(ms)} to take it`;
}

function formatBytes(bytes: number): string {
  return bytes < 1024 ? `${bytes} B` : `${(bytes / 1024).toFixed(1)} KB`;
}
