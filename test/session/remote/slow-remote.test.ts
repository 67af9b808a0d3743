import { setTimeout as delay } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { sayWhenSlow } from '../../../src/session/remote/slow-remote.js';

describe('sayWhenSlow', () => {
  it('says once that a step is slow, and nothing of a step that ends in time', async () => {
    const said: string[] = [];
    await sayWhenSlow(delay(1_200), () => said.push('slow'), 300);
    await sayWhenSlow(delay(10), () => said.push('quick'), 300);
    expect(said).toEqual(['slow']);
  });

  it('does not count the time its own process was held (a busy or stopped process): only the remote keeping it waiting', async () => {
    const said: string[] = [];
    let finish = () => {};
    const step = sayWhenSlow(new Promise<void>((resolve) => (finish = resolve)), () => said.push('slow'), 800);
    // The event loop held for 1.5 s, as a process stopped with Ctrl-Z is: its first tick after counts for little.
    const until = Date.now() + 1_500;
    while (Date.now() < until);
    await delay(100);
    finish();
    await step;
    expect(said).toEqual([]);
  });
});
