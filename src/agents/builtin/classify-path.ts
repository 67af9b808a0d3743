export type Language = 'js' | 'python' | 'go' | 'rust' | 'ruby' | 'php' | 'java' | 'other-code' | 'not-code';

const languages: ReadonlyArray<[Language, RegExp]> = [
  ['js', /\.(?:[cm]?[jt]sx?|vue|svelte|astro)$/],
  ['python', /\.pyw?$/],
  ['go', /\.go$/],
  ['rust', /\.rs$/],
  ['ruby', /\.(?:rb|rake)$/],
  ['php', /\.php$/],
  ['java', /\.(?:java|kt|kts|scala|groovy)$/],
  ['other-code', /\.(?:c|cc|cpp|cxx|h|hh|hpp|cs|swift|m|mm|dart|ex|exs|erl|clj|lua|pl|pm|r|jl|zig|nim|sh|bash|zsh|fish|ps1|sql)$/i],
];

const testDirectories = new Set(['test', 'tests', '__tests__', 'spec', 'specs', 'e2e']);
const testNames = [/\.(?:test|spec)\.[^.]+$/, /_(?:test|spec)\.[^.]+$/, /^test_[^/]*\.py$/, /Tests?\.(?:java|kt|cs|swift)$/];
// Where printing is the program's interface: command-line entry points and scripts.
const scriptDirectories = new Set(['bin', 'scripts', 'script', 'cli', 'cmd', 'tools', 'examples', 'example']);
const scriptNames = [/^__main__\.py$/, /^cli\.[^.]+$/];
const notSource = [/\.d\.ts$/, /(?:^|\/)[^/]*\.config\.[^/]+$/, /(?:^|\/)(?:vendor|node_modules|dist|build|generated)\//, /\.min\.js$/];

export function languageOf(path: string): Language {
  for (const [language, pattern] of languages) if (pattern.test(path)) return language;
  return 'not-code';
}

export function isCodePath(path: string): boolean {
  return languageOf(path) !== 'not-code';
}

/** Under a test folder, or named like a test: `*.test.*`, `*_test.*`, `*.spec.*`, `test_*.py`. */
export function isTestPath(path: string): boolean {
  const parts = path.split('/');
  const name = parts.at(-1) ?? '';
  return parts.slice(0, -1).some((part) => testDirectories.has(part)) || testNames.some((pattern) => pattern.test(name));
}

/** A command-line entry point or script, where printing is expected. */
export function isScriptPath(path: string): boolean {
  const parts = path.split('/');
  const name = parts.at(-1) ?? '';
  return parts.slice(0, -1).some((part) => scriptDirectories.has(part)) || scriptNames.some((pattern) => pattern.test(name));
}

/** Code that ships: not a test, not configuration, types only, vendored or generated. */
export function isSourcePath(path: string): boolean {
  return isCodePath(path) && !isTestPath(path) && !notSource.some((pattern) => pattern.test(path));
}

/** `src/subject/read-diff.ts` → `read-diff`: the name a test would import or mention. */
export function moduleBasename(path: string): string {
  const name = path.split('/').at(-1) ?? path;
  const stem = name.replace(/\.[^.]+$/, '');
  return stem === 'index' || stem === '__init__' || stem === 'mod' ? (path.split('/').at(-2) ?? stem) : stem;
}
