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

describe('createTerminalEventSink: an agent’s progress', () => {
  it('shows the tokens and their speed in the status line, and keeps the time the step started', () => {
    let now = 1_000_000;
    const written: string[] = [];
    const emit = createTerminalEventSink({ write: (text) => written.push(text), columns: 200 }, () => now);
    emit({ type: 'claimed', role: 'reviewer', agent: 'ollama:m', file: 'reply.md', subject: 'HEAD', tookOverFrom: null });
    emit({ type: 'turn-started', role: 'reviewer', turn: 'review', heading: 'Review', agent: 'ollama:m', round: 1, interactive: false });
    now += 65_000;
    emit({ type: 'agent-progress', role: 'reviewer', heading: 'Review', agent: 'ollama:m', elapsedMs: 65_000, tokens: 412, tokensPerSecond: 2.14, steps: null });
    emit.stop();
    const lines = written
      .join('')
      .split(/\r\x1b\[2K|\x1b\[\?25[lh]/)
      .filter((line) => line.startsWith('Reviewer'));
    expect(lines.at(-1)).toBe('Reviewer · round 1 · my turn, ollama:m writing ## Review: 412 tokens, 2.1 tokens/s · 1m5s');
  });
});
