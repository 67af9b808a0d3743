import { setTimeout as delay } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { sayWhenSlow } from '../../../src/session/remote/slow-remote.js';

describe('sayWhenSlow', () => {
  it('says once that a step is slow, and nothing of a step that ends in time', async () => {
    const said: string[] = [];
    await sayWhenSlow(delay(150), () => said.push('slow'), 50);
    await sayWhenSlow(delay(10), () => said.push('quick'), 50);
    expect(said).toEqual(['slow']);
  });

  it('says nothing when its own process was held past the time (a busy or stopped process), only when the remote itself keeps it waiting', async () => {
    const said: string[] = [];
    let finish = () => {};
    const step = sayWhenSlow(new Promise<void>((resolve) => (finish = resolve)), () => said.push('slow'), 100);
    // The event loop held for 1.2 s, as a process stopped with Ctrl-Z is: its timer fires late, and waits once more.
    const until = Date.now() + 1_200;
    while (Date.now() < until);
    // Due before the timer waiting once more, so it runs first, whatever the load.
    await delay(20);
    finish();
    await step;
    expect(said).toEqual([]);
  });
});
