import { describe, expect, test } from 'vitest';
import { blankStrings } from '../../../src/agents/builtin/blank-strings.js';
import { isScriptPath, isSourcePath, isTestPath, languageOf, moduleBasename } from '../../../src/agents/builtin/classify-path.js';

describe('classify-path', () => {
  test('tells tests by folder or by name', () => {
    const tests = ['test/a.ts', 'src/__tests__/a.js', 'spec/a.rb', 'src/a.test.ts', 'src/a.spec.js', 'pkg/a_test.go', 'tests/test_a.py', 'app/test_b.py'];
    expect(tests.filter(isTestPath)).toEqual(tests);
    expect(['src/testing.ts', 'src/contest.ts', 'src/latest.py'].filter(isTestPath)).toEqual([]);
  });

  test('tells scripts, where printing is the interface', () => {
    expect(['bin/tool.js', 'scripts/release.ts', 'cmd/app/main.go', 'src/cli/run.ts', 'pkg/__main__.py'].filter(isScriptPath)).toHaveLength(5);
    expect(isScriptPath('src/lib/binary.ts')).toBe(false);
  });

  test('source files are code that ships', () => {
    expect(['src/a.ts', 'lib/b.py', 'main.go'].filter(isSourcePath)).toEqual(['src/a.ts', 'lib/b.py', 'main.go']);
    expect(['src/a.d.ts', 'vite.config.ts', 'README.md', 'test/a.ts', 'vendor/x/y.go'].filter(isSourcePath)).toEqual([]);
  });

  test('names languages and module basenames', () => {
    expect(['a.tsx', 'a.py', 'a.go', 'a.rs', 'a.md'].map(languageOf)).toEqual(['js', 'python', 'go', 'rust', 'not-code']);
    expect(['src/subject/read-diff.ts', 'src/parser/index.ts', 'pkg/__init__.py'].map(moduleBasename)).toEqual(['read-diff', 'parser', 'pkg']);
  });
});

describe('blankStrings', () => {
  test('blanks string contents and keeps line comments', () => {
    expect(blankStrings(`f('a//b', "c\\"d") // it's`, 'js')).toBe(`f('    ', "    ") // it's`);
    expect(blankStrings(`x = 'a#b'  # note`, 'python')).toBe(`x = '   '  # note`);
    expect(blankStrings(`fn f<'a>(s: &'a str) { dbg!(s) }`, 'rust')).toBe(`fn f<'a>(s: &'a str) { dbg!(s) }`);
  });
});
