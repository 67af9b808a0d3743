import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

const suites: Record<string, string[]> = {
  agents: ['test/contract/**/*.contract.ts'],
  model: ['test/contract/**/*.model.ts'],
  browser: ['test/browser/**/*.browser.ts'],
  container: ['test/container/**/*.container.ts'],
  install: ['test/install/**/*.install.ts'],
  planted: ['test/eval/**/*.planted.ts'],
};

export default defineConfig({
  test: {
    // `npm run test:agents` (CODE_DEBATE_SUITE=agents) runs the contract suite against the real agent CLIs instead,
    // `npm run test:model` (CODE_DEBATE_SUITE=model) whole debates with a real small model served on 127.0.0.1,
    // `npm run test:browser` (CODE_DEBATE_SUITE=browser) the pages in a real headless Chromium,
    // `npm run test:install` (CODE_DEBATE_SUITE=install) npm's installs of the package from a clone, a tarball and a git URL.
    // `npm run test:planted` (CODE_DEBATE_SUITE=planted) the planted dataset's own tests, with Go and esbuild, in the sandbox.
    // `npm run test:container` (CODE_DEBATE_SUITE=container) the Dockerfile built with podman and debates run in it.
    include: suites[process.env.CODE_DEBATE_SUITE ?? ''] ?? ['test/**/*.test.ts'],
    // The tests wait on processes far more than they compute: as many files at once as there are
    // CPUs (vitest's default is one fewer, a single file at a time on a 2-CPU CI machine).
    maxWorkers: Math.max(2, availableParallelism()),
    testTimeout: 60_000,
    // The scripted agents keep their logs beside the repository, outside the checkout and the
    // temporary folder a sandboxed `cmd:` agent may write to: the sandbox's own tests turn it on.
    env: { CODE_DEBATE_SANDBOX: 'off' },
    hookTimeout: 30_000,
    setupFiles: ['test/helpers/setup-worker.ts'],
  },
});
