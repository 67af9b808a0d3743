import { describe, expect, test } from 'vitest';
import { findProblems, summarizeScan } from '../../../src/agents/builtin/find-problems.js';
import { parseUnifiedDiff } from '../../../src/agents/builtin/parse-unified-diff.js';
import { findRuleAbout, type RuleId } from '../../../src/agents/builtin/rules.js';
import { changedFileDiff, newFileDiff } from './builtin-helpers.js';

// Built by concatenation so that this test file does not itself look like it leaks a credential.
const awsKey = 'AKIA' + 'Z7QW3ERTY5UIOP2L';
const pemHeader = '-----BEGIN RSA ' + 'PRIVATE KEY-----';

/** Runs the rules on one planted line in `path`, with a test file changed so that only line rules can fire. */
function ruleIdsOn(path: string, line: string): RuleId[] {
  const diff = newFileDiff(path, ['const ok = 1;', line]) + newFileDiff('test/touched.test.ts', ['export {};']);
  return findProblems(parseUnifiedDiff(diff)).map((problem) => problem.rule.id);
}

describe('findProblems: each rule fires on a planted line and not on a clean one', () => {
  const cases: ReadonlyArray<[RuleId, string, string, string]> = [
    ['conflict-marker', 'src/a.ts', '<<<<<<< HEAD', '// see HEAD'],
    ['credential', 'src/a.ts', `const key = '${awsKey}';`, "const key = process.env.AWS_KEY ?? '';"],
    ['credential', 'config/id_rsa', pemHeader, 'just a public key file'],
    ['credential', 'src/db.py', 'password = "hunter22!"', 'password = os.environ["DB_PASSWORD"]'],
    ['credential', 'src/a.ts', "apiKey: 'q8v9w0x1y2z3a4b5c6d7e8f9',", "apiKeyLabel: 'Your API key',"],
    ['focused-test', 'test/a.test.ts', "it.only('works', () => {});", "it('works', () => {});"],
    ['focused-test', 'test/a.test.ts', "fit('works', () => {});", "model.fit('works');"],
    ['skipped-test', 'test/a.test.ts', "describe.skip('suite', () => {});", "describe('suite', () => {});"],
    ['skipped-test', 'test/a.test.ts', "xit('works', () => {});", "exit('works');"],
    ['skipped-test', 'tests/test_a.py', '@pytest.mark.skip(reason="flaky")', '@pytest.mark.skipif(sys.platform == "win32", reason="posix")'],
    ['skipped-test', 'pkg/a_test.go', '\tt.Skip("later")', '\tt.Run("case", f)'],
    ['debugger-statement', 'src/a.js', '  debugger;', '  const debuggerEnabled = true;'],
    ['debugger-statement', 'src/a.rs', '    dbg!(value);', '    let dbg = value;'],
    ['debugger-statement', 'src/a.py', '    breakpoint()', '    set_breakpoint_count(1)'],
    ['debug-output', 'src/a.ts', '  console.log(user);', '  logger.info(user);'],
    ['debug-output', 'src/a.py', '    print(user)', '    blueprint(user)'],
    ['debug-output', 'internal/a.go', '\tfmt.Println(user)', '\tfmt.Fprintln(w, user)'],
    ['todo-comment', 'src/a.ts', '// TODO: handle errors', "const label = 'todo list';"],
    ['todo-comment', 'src/a.py', '# FIXME later', 'fixme = 1'],
  ];

  test.each(cases)('%s fires in %s on `%s`', (rule, path, planted) => {
    expect(ruleIdsOn(path, planted)).toEqual([rule]);
  });

  test.each(cases)('%s stays quiet in %s on the clean `%4$s`', (_rule, path, _planted, clean) => {
    expect(ruleIdsOn(path, clean)).toEqual([]);
  });

  test('`=======` alone is a setext underline, beside other markers a conflict', () => {
    expect(ruleIdsOn('docs/a.md', '=======')).toEqual([]);
    const diff = newFileDiff('src/a.ts', ['<<<<<<< HEAD', 'a', '=======', 'b', '>>>>>>> main']) + newFileDiff('test/a.test.ts', ['x']);
    expect(findProblems(parseUnifiedDiff(diff))[0]?.hits.map((hit) => hit.line)).toEqual([1, 3, 5]);
  });

  test('ignores code quoted inside string literals, but not code after them', () => {
    expect(ruleIdsOn('test/a.test.ts', `const planted = "it.only('x', () => {})";`)).toEqual([]);
    expect(ruleIdsOn('src/a.ts', "const help = 'run: // TODO later';")).toEqual([]);
    expect(ruleIdsOn('src/a.ts', "const s = 'a'; console.log(s);")).toEqual(['debug-output']);
    expect(ruleIdsOn('src/a.ts', "const s = 'a'; // TODO: it's temporary")).toEqual(['todo-comment']);
  });

  test('in test files reports only unmistakable credentials', () => {
    expect(ruleIdsOn('test/a.test.ts', "const fixture = { password: 'hunter22!' };")).toEqual([]);
    expect(ruleIdsOn('test/a.test.ts', `const fixture = '${awsKey}';`)).toEqual(['credential']);
  });

  test('ignores commented-out debug output and placeholder secrets', () => {
    expect(ruleIdsOn('src/a.ts', '// console.log(user);')).toEqual([]);
    expect(ruleIdsOn('src/a.ts', 'const password = "changeme";')).toEqual([]);
    expect(ruleIdsOn('src/a.ts', 'const key = "AKIAIOSFODNN7EXAMPLE";')).toEqual([]);
  });
});

describe('findProblems: points', () => {
  test('reports new-file line numbers and groups one rule in one file into one problem', () => {
    const diff =
      changedFileDiff('src/app.ts', 120, ['function a() {', '  return 1;'], ['  console.log(1);', '  console.log(2);']) + newFileDiff('test/app.test.ts', ['export {};']);
    const problems = findProblems(parseUnifiedDiff(diff));
    expect(problems.map((problem) => [problem.rule.id, problem.path, problem.hits.map((hit) => hit.line)])).toEqual([['debug-output', 'src/app.ts', [122, 123]]]);
  });

  test('orders by severity, then rule, then path, and rates printing in scripts and tests low', () => {
    const diff =
      newFileDiff('bin/tool.js', ["console.log('usage')"]) +
      newFileDiff('src/z.ts', ['console.log(1)', '// TODO: x']) +
      newFileDiff('src/a.ts', ['console.log(1)', '>>>>>>> main']) +
      newFileDiff('test/a.test.ts', ["it.only('x', () => {}); console.log(2)"]);
    expect(findProblems(parseUnifiedDiff(diff)).map((problem) => `${problem.severity} ${problem.rule.id} ${problem.path}`)).toEqual([
      'critical conflict-marker src/a.ts',
      'high focused-test test/a.test.ts',
      'medium debug-output src/a.ts',
      'medium debug-output src/z.ts',
      'low debug-output bin/tool.js',
      'low debug-output test/a.test.ts',
      'low todo-comment src/z.ts',
    ]);
  });

  test('flags source changed without a test change, citing the first added line of each source file', () => {
    const diff = changedFileDiff('src/b.ts', 7, ['x'], ['y']) + newFileDiff('src/a.ts', ['z']) + newFileDiff('README.md', ['docs']);
    const problems = findProblems(parseUnifiedDiff(diff));
    expect(problems.map((problem) => [problem.rule.id, problem.severity, problem.hits.map((hit) => `${hit.path}:${hit.line}`)])).toEqual([
      ['no-test-change', 'medium', ['src/a.ts:1', 'src/b.ts:8']],
    ]);
  });

  test('does not ask for tests when a test file, or an inline Rust test, changes too', () => {
    expect(findProblems(parseUnifiedDiff(newFileDiff('src/a.ts', ['z']) + newFileDiff('src/a.spec.ts', ['t'])))).toEqual([]);
    expect(findProblems(parseUnifiedDiff(newFileDiff('src/lib.rs', ['fn a() {}', '#[test]', 'fn t() {}'])))).toEqual([]);
    expect(findProblems(parseUnifiedDiff(newFileDiff('docs/guide.md', ['words'])))).toEqual([]);
  });

  test('skips binary and deleted files and counts what it scanned', () => {
    const diff = 'diff --git a/a.png b/a.png\nBinary files a/a.png and b/a.png differ\n' + newFileDiff('docs/a.md', ['one', 'two']);
    const files = parseUnifiedDiff(diff);
    expect(findProblems(files)).toEqual([]);
    expect(summarizeScan(files)).toEqual({ filesScanned: 1, linesScanned: 2, binaryFiles: 1, deletedFiles: 0 });
  });
});

describe('findRuleAbout', () => {
  test('recognizes the rule a point is about from its title, a peer’s wording included', () => {
    expect(findRuleAbout('Debug output left in `src/a.ts`')?.id).toBe('debug-output');
    expect(findRuleAbout('Leftover console.log in handler')?.id).toBe('debug-output');
    expect(findRuleAbout('Hard-coded API key')?.id).toBe('credential');
    expect(findRuleAbout('No tests for the new parser')?.id).toBe('no-test-change');
    expect(findRuleAbout('TODO-style comment added in `a.ts`')?.id).toBe('todo-comment');
    expect(findRuleAbout('Leftover TODO in the parser')?.id).toBe('todo-comment');
    for (const title of ['Race condition when refreshing the token', 'Secret rotation lacks error handling', 'Hack around the cache', "Doesn't fit the layout"]) {
      expect(findRuleAbout(title), title).toBeNull();
    }
  });
});
