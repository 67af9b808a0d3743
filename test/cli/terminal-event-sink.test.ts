import { describe, expect, it } from 'vitest';
import { createTerminalEventSink, type TerminalStream } from '../../src/cli/terminal-event-sink.js';

const up = '\x1b[1A';

/** A terminal of `columns` (a TTY is a true edge): what was written to it, and its resize listener. */
function terminal(columns: number | undefined) {
  const writes: string[] = [];
  let resized = () => {};
  const stream: TerminalStream & { columns?: number } = {
    write: (text: string) => writes.push(text),
    onResize: (listener) => {
      resized = listener;
    },
  };
  if (columns !== undefined) stream.columns = columns;
  return { writes, stream, resize: () => resized() };
}

function debate(stream: TerminalStream) {
  const sink = createTerminalEventSink(stream, () => 0);
  sink({ type: 'claimed', role: 'reviewer', agent: 'builtin', file: 'reply.md', subject: 'HEAD', tookOverFrom: null });
  sink({ type: 'waiting', role: 'reviewer', for: 'responder', timeoutMs: 600_000, round: 1 });
  sink({ type: 'turn-started', role: 'reviewer', turn: 'review', heading: 'Review', agent: 'builtin', round: 1, interactive: false });
  return sink;
}

describe('createTerminalEventSink', () => {
  it.each([0, undefined, -1, Number.NaN])('on a terminal reporting %s columns, redraws its one row and no row above it, the line cut for 120', (columns) => {
    const screen = terminal(columns);
    debate(screen.stream).stop();
    const text = screen.writes.join('');
    expect(text).not.toContain(up);
    expect(text).toContain('Reviewer · round 1 · my turn, builtin writing ## Review · 0s');
  });

  it('clears the rows a line wrapped onto once the terminal is made narrower', () => {
    const screen = terminal(120);
    const sink = debate(screen.stream);
    const line = 'Reviewer · round 1 · my turn, builtin writing ## Review · 0s';
    screen.stream.columns = 20;
    screen.writes.length = 0;
    screen.resize();
    sink.stop();
    // The line drawn for 120 columns lies on ceil(length / 20) rows of the narrower terminal.
    const rows = Math.ceil([...line].length / 20);
    expect(screen.writes[0]).toBe(`\r\x1b[2K${`${up}\x1b[2K`.repeat(rows - 1)}\x1b[?25h`);
  });
});
