/**
 * How much a file's diff matters to a reviewer, for choosing what fits the diff budget:
 * `source` (code, tests, configuration, anything not below) before `docs` (prose) before
 * `generated` (lock files, build output, vendored code, minified files, snapshots).
 */
export const riskTiers = ['source', 'docs', 'generated'] as const;
export type RiskTier = (typeof riskTiers)[number];

const lockFiles = new Set([
  'package-lock.json',
  'npm-shrinkwrap.json',
  'yarn.lock',
  'pnpm-lock.yaml',
  'bun.lockb',
  'bun.lock',
  'deno.lock',
  'cargo.lock',
  'gemfile.lock',
  'composer.lock',
  'poetry.lock',
  'pipfile.lock',
  'uv.lock',
  'go.sum',
  'flake.lock',
  'podfile.lock',
  'packages.lock.json',
  'mix.lock',
  'pubspec.lock',
]);
const generatedFolders = new Set(['dist', 'build', 'out', 'vendor', 'node_modules', 'third_party', 'generated', '__generated__', '__snapshots__', '.yarn']);
const generatedNames = [/\.lock$/, /\.min\.(?:js|css|mjs)$/, /\.(?:js|css)\.map$/, /\.snap$/, /\.generated\.[^.]+$/, /\.pb\.go$/, /_pb2(?:_grpc)?\.pyi?$/, /\.g\.dart$/];
const docFolders = new Set(['docs', 'doc', 'documentation']);
// `.txt` files that are build input, not prose.
const textSources = /^(?:requirements.*|constraints.*|cmakelists)\.txt$/;
const docNames = [/\.(?:md|mdx|markdown|rst|adoc|asciidoc|txt|org)$/, /^(?:license|licence|copying|notice|authors|changelog|changes|history)(?:\.[^.]+)?$/];

export function classifyChangeRisk(file: string): RiskTier {
  const parts = file.toLowerCase().split('/');
  const name = parts.at(-1) ?? '';
  const folders = parts.slice(0, -1);
  if (lockFiles.has(name) || generatedNames.some((pattern) => pattern.test(name)) || folders.some((folder) => generatedFolders.has(folder))) {
    return 'generated';
  }
  if (textSources.test(name)) return 'source';
  if (docNames.some((pattern) => pattern.test(name)) || folders.some((folder) => docFolders.has(folder))) return 'docs';
  return 'source';
}

/** How a tier is named where the summary says why a file was left out. */
export const riskTierNames: Record<RiskTier, string> = {
  source: 'source',
  docs: 'documentation',
  generated: 'generated, vendored or lock file',
};
