import { describe, expect, it } from 'vitest';
import { parseCommandLine, type Command } from '../../src/cli/parse-args.js';
import { editDistance } from '../../src/edit-distance.js';
import { ConfigError } from '../../src/errors.js';

const parse = (...argv: string[]): Command => parseCommandLine(argv, '/work/repo');

/** The ConfigError `argv` is refused with. */
function refusal(...argv: string[]): ConfigError {
  try {
    parse(...argv);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return error as ConfigError;
  }
  throw new Error(`expected ${JSON.stringify(argv)} to be refused`);
}

describe('parseCommandLine', () => {
  it('takes the subject from the words and leaves every unset setting to the settings file and the defaults', () => {
    expect(parse('the', 'diff', 'against', 'main')).toEqual({
      command: 'debate',
      subject: 'the diff against main',
      quoted: false,
      cwd: '/work/repo',
      flags: {},
    });
  });

  it('reads every flag, as `--flag value` and as `--flag=value`', () => {
    const expected = {
      command: 'debate',
      subject: 'commit abc123',
      quoted: false,
      cwd: '/elsewhere',
      flags: {
        file: 'docs/debate.md',
        role: 'responder',
        agent: "cmd:claude -p 'be brief'",
        reviewerAgent: 'builtin',
        responderAgent: 'ollama:qwen',
        maxRounds: 3,
        turnTimeoutMs: 90_000,
        agentTimeoutMs: 5_400_000,
        pollMs: 250,
        maxDiffBytes: 5_000,
        maxOutputTokens: 2_048,
        stance: 'devils-advocate',
        json: true,
        blockOn: 'medium',
      },
    };
    const pairs: Array<[string, string]> = [
      ['--role', 'responder'],
      ['--agent', "cmd:claude -p 'be brief'"],
      ['--reviewer-agent', 'builtin'],
      ['--responder-agent', 'ollama:qwen'],
      ['--file', 'docs/debate.md'],
      ['--max-rounds', '3'],
      ['--turn-timeout', '90s'],
      ['--agent-timeout', '1.5h'],
      ['--poll', '250'],
      ['--max-diff-bytes', '5000'],
      ['--max-output-tokens', '2048'],
      ['--stance', 'devils-advocate'],
      ['--block-on', 'medium'],
    ];
    expect(parse(...pairs.flat(), '--json', '-C', '/elsewhere', 'commit', 'abc123')).toEqual(expected);
    expect(parse(...pairs.map(([flag, value]) => `${flag}=${value}`), '--json', '--cwd=/elsewhere', 'commit abc123')).toEqual(expected);
  });

  it('reads the time limit of the pre-push gate, which a debate does not take', () => {
    expect(parse('pre-push', 'origin', '/remote.git', '--time-limit', '2m', '--time-limit-fails', 'closed')).toMatchObject({
      flags: { timeLimitMs: 120_000, timeLimitFails: 'closed' },
    });
    expect(refusal('--time-limit', '2m', 'HEAD').message).toMatch(/^`--time-limit` does not apply to a debate/);
    expect(refusal('duo', '--role', 'reviewer', 'HEAD').message).toMatch(/^`--role` does not apply to `code-debate duo`/);
  });

  it('reads `duo <subject>` with the same flags as a debate', () => {
    expect(parse('duo', '--reviewer-agent', 'builtin', 'HEAD~1..HEAD')).toEqual({
      command: 'duo',
      subject: 'HEAD~1..HEAD',
      quoted: false,
      cwd: '/work/repo',
      flags: { reviewerAgent: 'builtin' },
    });
  });

  it('reads `hook install|uninstall` and `archive`, and refuses another hook action', () => {
    expect(parse('hook', 'install')).toEqual({ command: 'hook', action: 'install', cwd: '/work/repo' });
    expect(parse('hook', 'uninstall', '-C', '/elsewhere')).toEqual({ command: 'hook', action: 'uninstall', cwd: '/elsewhere' });
    expect(refusal('hook', 'remove').message).toBe('Expected `code-debate hook install` or `code-debate hook uninstall`, got `code-debate hook remove`.');
    expect(parse('archive')).toEqual({ command: 'archive', file: undefined, cwd: '/work/repo' });
  });

  it.each([
    [['--block-on', 'severe'], 'Expected `--block-on` to be one of critical, high, medium, low, nit, got `severe`.'],
    [['--time-limit-fails', 'shut'], 'Expected `--time-limit-fails` to be one of open, closed, got `shut`.'],
  ])('refuses %j naming the allowed values', (flags, message) => {
    expect(refusal('pre-push', 'origin', 'url', ...flags).message).toBe(message);
  });

  it('refuses an unknown --stance, naming the allowed ones', () => {
    expect(() => parse('--stance', 'contrarian', 'HEAD')).toThrow('Expected `--stance` to be default or devils-advocate, got `contrarian`.');
  });

  it.each(['reviewer', 'responder', 'auto'] as const)('accepts --role %s', (role) => {
    expect(parse('--role', role, 'HEAD')).toMatchObject({ flags: { role } });
  });

  it.each([
    [['--role', 'boss'], 'Expected `--role` to be reviewer or responder, got `boss`.'],
    [['--max-rounds', '0'], 'Expected `--max-rounds` to be a whole number from 1 to 100, got `0`.'],
    [['--max-rounds', '101'], 'Expected `--max-rounds` to be a whole number from 1 to 100, got `101`.'],
    [['--max-rounds', '2.5'], 'Expected `--max-rounds` to be a whole number from 1 to 100, got `2.5`.'],
    [['--max-rounds', 'five'], 'Expected `--max-rounds` to be a whole number from 1 to 100, got `five`.'],
    [['--max-rounds', ''], 'Expected `--max-rounds` to be a whole number from 1 to 100, got ``.'],
    [['--poll', '5'], 'Expected `--poll` to be a whole number from 10 to 600000, got `5`.'],
    [['--poll', '1s'], 'Expected `--poll` to be a whole number from 10 to 600000, got `1s`.'],
    [['--max-output-tokens', '255'], 'Expected `--max-output-tokens` to be a whole number from 256 to 10000000, got `255`.'],
    [['--max-output-tokens', '16k'], 'Expected `--max-output-tokens` to be a whole number from 256 to 10000000, got `16k`.'],
    [['--turn-timeout', 'soon'], 'Expected `--turn-timeout` to be a duration like 90s, 10m or 1h, got `soon`.'],
    [['--agent-timeout', '0s'], 'Expected `--agent-timeout` to be longer than zero, got `0s`.'],
  ])('refuses %j with a ConfigError naming the flag and the value', (flags, message) => {
    expect(refusal(...flags, 'HEAD').message).toBe(message);
  });

  it.each([
    [['--turn-timeout', '10', 'minutes', 'HEAD'], '`--turn-timeout 10 minutes`: a duration is one word, and `minutes` would be read as the subject. Write `--turn-timeout 10m`.'],
    [['--agent-timeout=1.5', 'Hours', 'HEAD'], '`--agent-timeout 1.5 Hours`: a duration is one word, and `Hours` would be read as the subject. Write `--agent-timeout 1.5h`.'],
    [['--heartbeat', '30', 'sec', 'HEAD'], '`--heartbeat 30 sec`: a duration is one word, and `sec` would be read as the subject. Write `--heartbeat 30s`.'],
    [['duo', '--turn-timeout', '5', 'm', 'HEAD'], '`--turn-timeout 5 m`: a duration is one word, and `m` would be read as the subject. Write `--turn-timeout 5m`.'],
    [['pre-push', 'origin', '--time-limit', '2', 'mins'], '`--time-limit 2 mins`: a duration is one word, and `mins` would be read as the subject. Write `--time-limit 2m`.'],
  ])('refuses %j: a number and a unit word after a duration option', (argv, message) => {
    expect(refusal(...argv).message).toBe(message);
  });

  it('still reads a bare number of seconds before the subject', () => {
    expect(parse('--turn-timeout', '10', 'HEAD')).toMatchObject({ subject: 'HEAD', flags: { turnTimeoutMs: 10_000 } });
    expect(parse('--turn-timeout', '10', 'the', 'minutes', 'module')).toMatchObject({ subject: 'the minutes module', flags: { turnTimeoutMs: 10_000 } });
  });

  it('refuses an unknown flag, naming it and pointing at --help', () => {
    const error = refusal('--bogus', 'HEAD');
    expect(error.message).toBe('Unknown option `--bogus`. A subject that starts with `-` goes after `--`: `code-debate -- --bogus`. Run `code-debate --help` for the options.');
    expect(error.cause).toMatchObject({ code: 'ERR_PARSE_ARGS_UNKNOWN_OPTION' });
  });

  it.each([
    [['--agnet', 'builtin'], '--agnet', '--agent'],
    [['--agnet=builtin'], '--agnet', '--agent'],
    [['--max-round', '3'], '--max-round', '--max-rounds'],
    [['--turn-timout', '10m'], '--turn-timout', '--turn-timeout'],
    [['--reviewer', 'builtin'], '--reviewer', '--reviewer-agent'],
    [['-c', '/x'], '-c', '-C'],
    [['-v'], '-v', '-V'],
  ])('refuses the unknown option in %j: did you mean', (flags, typed, meant) => {
    expect(refusal(...flags, 'HEAD').message).toBe(`Unknown option \`${typed}\`: did you mean \`${meant}\`? Run \`code-debate --help\` for the options.`);
  });

  it('does not double the full stop of a message that ends with one', () => {
    expect(refusal('--keep=x', 'HEAD').message).toBe("Option '--keep' does not take an argument. Run `code-debate --help` for the options.");
  });

  it('refuses a flag without its value, naming it', () => {
    expect(refusal('HEAD', '--file').message).toBe("Option '--file <value>' argument missing. Run `code-debate --help` for the options.");
  });

  it.each([[[]], [['  ']], [['--role', 'reviewer']]])('refuses %j: there is no subject', (argv) => {
    expect(refusal(...argv).message).toBe(
      'Expected a subject to review, e.g. `code-debate "the diff against main"` or `code-debate commit abc123`. Run `code-debate --help` for more.',
    );
  });

  it('reads `show`, with --json, --file and -C', () => {
    expect(parse('show')).toEqual({ command: 'show', file: undefined, cwd: '/work/repo', format: 'text', output: null });
    expect(parse('show', '--json', '--file', 'docs/d.md', '-C', '/elsewhere')).toEqual({ command: 'show', file: 'docs/d.md', cwd: '/elsewhere', format: 'json', output: null });
    expect(parse('show', '--format', 'sarif', '--output', 'out.sarif', '--block-on', 'medium')).toEqual({
      command: 'show',
      file: undefined,
      cwd: '/work/repo',
      format: 'sarif',
      output: 'out.sarif',
      blockOn: 'medium',
    });
    expect(() => parse('show', '--format', 'pdf')).toThrow('Expected `--format` to be one of text, json, markdown, sarif, github, html, got `pdf`.');
    expect(() => parse('show', '--json', '--format', 'sarif')).toThrow('`code-debate show` was given --json and --format sarif: --json is --format json, so name one.');
  });

  it('reads `demo`, with and without --keep', () => {
    expect(parse('demo')).toEqual({ command: 'demo', keep: false });
    expect(parse('demo', '--keep')).toEqual({ command: 'demo', keep: true });
    expect(refusal('demo', 'mode').message).toBe(
      '`code-debate demo mode`: `demo` is a command (`code-debate demo`), and it takes no `mode`. To debate the subject "demo mode", give it as `code-debate --subject "demo mode"` or `code-debate -- demo mode`.',
    );
    expect(parse('--subject', 'demo mode')).toMatchObject({ command: 'debate', subject: 'demo mode' });
    expect(parse('--', 'demo', 'mode')).toMatchObject({ command: 'debate', subject: 'demo mode' });
  });

  it('says whether the subject was quoted, with --subject or after --, which makes any words free text', () => {
    expect(parse('stat')).toMatchObject({ subject: 'stat', quoted: false });
    expect(parse('--subject', 'stat')).toMatchObject({ subject: 'stat', quoted: true });
    expect(parse('--', 'stat')).toMatchObject({ subject: 'stat', quoted: true });
    expect(parse('duo', '--subject', 'stat')).toMatchObject({ command: 'duo', subject: 'stat', quoted: true });
  });
});

describe('a subcommand word is never taken for a subject', () => {
  it.each([
    [['show', 'reply.md'], { command: 'show', file: 'reply.md', cwd: '/work/repo', format: 'text', output: null }],
    [['status', 'docs/d.md', '--json'], { command: 'status', file: 'docs/d.md', cwd: '/work/repo', json: true, archived: false }],
    [['status', '--archived'], { command: 'status', file: undefined, cwd: '/work/repo', json: false, archived: true }],
    [['archive', 'x.md'], { command: 'archive', file: 'x.md', cwd: '/work/repo' }],
    [['show', '--', '-odd.md'], { command: 'show', file: '-odd.md', cwd: '/work/repo', format: 'text', output: null }],
    [['help'], { command: 'help' }],
    [['help', 'show'], { command: 'help', topic: 'show' }],
    [['show', '--help'], { command: 'help', topic: 'show' }],
    [['pre-push', '-h'], { command: 'help', topic: 'pre-push' }],
  ] as const)('reads %j', (argv, command) => {
    expect(parse(...argv)).toEqual(command);
  });

  it.each([
    [
      ['status', '--archived', 'reply.md'],
      '`code-debate status --archived` lists every archived debate, and was given a file, `reply.md`: to read one, run `code-debate status reply.md` without --archived.',
    ],
    [
      ['status', '--archived', '--remote', 'origin'],
      "`code-debate status --archived` lists the debates archived under this work tree's git directory, not on a remote: leave out --remote.",
    ],
    [['show', '--archived'], '`--archived` does not apply to `code-debate show`'],
  ])('refuses %j', (argv, message) => {
    expect(refusal(...argv).message).toContain(message);
  });

  it.each([
    ['stauts', 'status'],
    ['shwo', 'show'],
    ['hepl', 'help'],
    ['Show', 'show'],
  ])('refuses %j before a file as a subject: did you mean %s', (typo, command) => {
    expect(refusal(typo, 'reply.md').message).toBe(
      `\`${typo}\` is not a command: did you mean \`code-debate ${command}\`? To debate the subject "${typo} reply.md", give it as \`code-debate --subject "${typo} reply.md"\` or \`code-debate -- ${typo} reply.md\`.`,
    );
  });

  it.each([
    ['archve', 'archive'],
    ['stats', 'status'],
    ['sttus', 'status'],
  ])('refuses the one-word subject %j: did you mean %s', (typo, command) => {
    expect(refusal(typo).message).toMatch(new RegExp(`^\`${typo}\` is not a command: did you mean \`code-debate ${command}\`\\?`));
  });

  it('reads a subject typed as one quoted word by its first word', () => {
    expect(refusal('show reply.md').message).toMatch(/^`show` is not a command: did you mean `code-debate show`\?/);
  });

  it.each([
    ['HEAD'],
    ['the', 'diff', 'against', 'main'],
    ['staged'],
    ['commit', 'abc123'],
    ['PR', '#42'],
    ['src/show.ts'],
    ['docs'],
    ['how', 'the', 'cache', 'works'],
    ['memo'],
    ['slow', 'query'],
    ['stats', 'endpoint'],
    ['dto', 'mapping'],
    ['do', 'we', 'leak'],
    ['heap', 'usage'],
    ['helm', 'chart'],
    ['deno', 'support'],
    ['demo/'],
  ])('leaves the subject %j alone', (...words) => {
    expect(parse(...words)).toMatchObject({ command: 'debate', subject: words.join(' ') });
  });

  it('refuses a file given twice, and a subject given twice', () => {
    expect(refusal('show', 'a.md', '--file', 'b.md').message).toBe('`code-debate show` was given two files, `a.md` and --file `b.md`: name one.');
    expect(refusal('show', 'a.md', 'b.md').message).toContain('`show` is a command (`code-debate show <file>`), and it takes no `b.md`.');
    // The subject it suggests is every word typed, the one taken for a file too.
    expect(refusal('show', 'me', 'the', 'parser').message).toBe(
      '`code-debate show me the parser`: `show` is a command (`code-debate show <file>`), and it takes no `the parser`. ' +
        'To debate the subject "show me the parser", give it as `code-debate --subject "show me the parser"` or `code-debate -- show me the parser`.',
    );
    expect(refusal('--subject', 'HEAD', 'main').message).toBe('The subject was given twice, as --subject `HEAD` and as `main`: give it once.');
  });

  it.each([
    [
      ['show', '--agent', 'builtin'],
      '`--agent` does not apply to `code-debate show`: it takes --file, --block-on, --block-reproduced, --json, --format, --output, --post-to-pr, -C, --remote, --debate. Run `code-debate show --help`.',
    ],
    [['archive', '--json'], '`--json` does not apply to `code-debate archive`: it takes --file, -C, --remote, --debate. Run `code-debate archive --help`.'],
    [['demo', '-C', '/x'], '`-C` does not apply to `code-debate demo`: it takes --keep. Run `code-debate demo --help`.'],
    [
      ['HEAD', '--keep'],
      '`--keep` does not apply to a debate: it takes --role, --agent, --reviewer-agent, --responder-agent, --file, --max-rounds, --turn-timeout, --agent-timeout, --agent-silence, --reproductions, --reproduction-timeout, --poll, --max-diff-bytes, --max-peer-bytes, --max-answer-bytes, --max-output-tokens, --max-tokens, --max-cost, --stance, --block-on, --block-reproduced, --json, -C, --subject, --remote, --debate, --heartbeat. Run `code-debate --help`.',
    ],
  ])('refuses %j: an option that does not apply', (argv, message) => {
    expect(refusal(...argv).message).toBe(message);
  });
});

describe('editDistance', () => {
  it.each([
    ['status', 'status', 0],
    ['stauts', 'status', 1],
    ['sttus', 'status', 1],
    ['HEAD'.toLowerCase(), 'help', 2],
    ['', 'duo', 3],
  ])('%s → %s is %i', (a, b, distance) => {
    expect(editDistance(a, b)).toBe(distance);
  });
});

describe('the help', () => {
  it.each([[['--help']], [['-h']], [['HEAD', '--help']], [['--help', '--max-rounds', '0']]])('reads %j as help', (argv) => {
    expect(parse(...argv)).toEqual({ command: 'help' });
  });

  it.each([[['--version']], [['-V']], [['demo', '-V']]])('reads %j as version', (argv) => {
    expect(parse(...argv)).toEqual({ command: 'version' });
  });
});

describe('the calls of an interactive session, and the commands that serve one', () => {
  it('reads `turn` with or without a subject, its session and its wait', () => {
    expect(parse('turn', 'the', 'diff', 'against', 'main', '--wait', '90s')).toEqual({
      command: 'turn',
      subject: 'the diff against main',
      session: null,
      cwd: '/work/repo',
      flags: { waitMs: 90_000 },
    });
    expect(parse('turn', '--session', '3f9a0c1e')).toMatchObject({ command: 'turn', subject: null, session: '3f9a0c1e' });
    expect(refusal('turn', '--subject', 'HEAD', 'HEAD~1').message).toBe('The subject was given twice, as --subject `HEAD` and as `HEAD~1`: give it once.');
    expect(refusal('turn', '--agent', 'builtin', 'HEAD').message).toContain('`--agent` does not apply to `code-debate turn`');
    // turn and submit play a debate on a git remote too; the MCP server refuses --remote with what to do instead.
    expect(parse('turn', '--remote', 'origin')).toMatchObject({ command: 'turn', flags: { remote: 'origin' } });
    expect(parse('submit', '--remote', 'origin', '--answer', 'answer.json')).toMatchObject({ command: 'submit', flags: { remote: 'origin' } });
    expect(refusal('mcp', '--remote', 'origin').message).toBe(
      '`--remote` does not apply to `code-debate mcp`: the MCP server plays a debate in the repository it runs in, not one on a git remote. ' +
        'To play a session across two machines, have it call `code-debate turn --remote <remote>` and `code-debate submit --remote <remote>`, or run a headless side (`code-debate --remote <remote> --agent <agent> <subject>`).',
    );
  });

  it('reads `submit` with its session and answer file, and refuses words', () => {
    expect(parse('submit', '--session', '3f9a0c1e', '--answer', 'answer.json')).toEqual({
      command: 'submit',
      session: '3f9a0c1e',
      answer: 'answer.json',
      answerText: null,
      cwd: '/work/repo',
      flags: {},
    });
    expect(parse('submit', '--session', '3f9a0c1e', '--answer-text', '### R1. A\n\nB')).toMatchObject({ answer: null, answerText: '### R1. A\n\nB' });
    expect(refusal('submit', '--answer', 'a.json', '--answer-text', '{}').message).toBe(
      '`code-debate submit` takes one answer: give `--answer <file>` or `--answer-text <answer>`, not both.',
    );
    expect(refusal('submit', 'HEAD').message).toContain(
      '`submit` is a command (`code-debate submit --session <id> [--answer <file> | --answer-text <answer>]`), and it takes no `HEAD`',
    );
  });

  it('reads `install-commands` for one CLI or all, and `mcp`', () => {
    expect(parse('install-commands', 'all', '--user')).toEqual({
      command: 'install-commands',
      targets: ['claude', 'codex', 'gemini'],
      user: true,
      uninstall: false,
      cwd: '/work/repo',
    });
    expect(parse('install-commands', 'gemini', '--uninstall')).toMatchObject({ targets: ['gemini'], user: false, uninstall: true });
    expect(refusal('install-commands').message).toContain('Expected `code-debate install-commands claude|codex|gemini|all`');
    expect(parse('mcp', '-C', '/elsewhere')).toEqual({ command: 'mcp', cwd: '/elsewhere' });
  });
});
