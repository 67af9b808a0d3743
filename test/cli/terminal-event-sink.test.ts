import { describe, expect, it } from 'vitest';
import { createTerminalEventSink } from '../../src/cli/terminal-event-sink.js';

describe('createTerminalEventSink: an agent’s progress', () => {
  it('shows the tokens and their speed in the status line, and keeps the time the step started', () => {
    let now = 1_000_000;
    const written: string[] = [];
    const emit = createTerminalEventSink({ write: (text) => written.push(text), columns: 200 }, () => now);
    emit({ type: 'claimed', role: 'reviewer', agent: 'ollama:m', file: 'reply.md', subject: 'HEAD', tookOverFrom: null });
    emit({ type: 'turn-started', role: 'reviewer', turn: 'review', heading: 'Review', agent: 'ollama:m', round: 1, interactive: false });
    now += 65_000;
    emit({ type: 'agent-progress', role: 'reviewer', heading: 'Review', agent: 'ollama:m', elapsedMs: 65_000, tokens: 412, tokensPerSecond: 2.14 });
    emit.stop();
    const lines = written
      .join('')
      .split(/\r\x1b\[2K|\x1b\[\?25[lh]/)
      .filter((line) => line.startsWith('Reviewer'));
    expect(lines.at(-1)).toBe('Reviewer · round 1 · my turn, ollama:m writing ## Review: 412 tokens, 2.1 tokens/s · 1m5s');
  });
});
