import { defineConfig } from 'vitest/config';

const suites: Record<string, string[]> = { agents: ['test/contract/**/*.contract.ts'], browser: ['test/browser/**/*.browser.ts'] };

export default defineConfig({
  test: {
    // `npm run test:agents` (CODE_DEBATE_SUITE=agents) runs the contract suite against the real agent CLIs instead,
    // `npm run test:browser` (CODE_DEBATE_SUITE=browser) the pages in a real headless Chromium.
    include: suites[process.env.CODE_DEBATE_SUITE ?? ''] ?? ['test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 30_000,
  },
});
