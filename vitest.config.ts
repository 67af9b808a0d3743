import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // `npm run test:agents` (CODE_DEBATE_SUITE=agents) runs the contract suite against the real agent CLIs instead.
    include: process.env.CODE_DEBATE_SUITE === 'agents' ? ['test/contract/**/*.contract.ts'] : ['test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 30_000,
  },
});
