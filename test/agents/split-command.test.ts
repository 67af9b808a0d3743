import { describe, expect, it } from 'vitest';
import { splitCommand } from '../../src/agents/split-command.js';
import { ConfigError } from '../../src/errors.js';

describe('splitCommand', () => {
  it.each([
    ['', []],
    ['   ', []],
    ['claude -p', ['claude', '-p']],
    ['  a \t b\n c  ', ['a', 'b', 'c']],
    ["'my agent' --model 'x y'", ['my agent', '--model', 'x y']],
    ['"my agent" --name "x y"', ['my agent', '--name', 'x y']],
    ["'keeps \\ and \" and $HOME as they are'", ['keeps \\ and " and $HOME as they are']],
    ['"escapes \\" \\\\ \\$ \\` only"', ['escapes " \\ $ ` only']],
    ['"keeps \\n and \\a"', ['keeps \\n and \\a']],
    ['my\\ agent \\"quoted\\" \\\\', ['my agent', '"quoted"', '\\']],
    ['a\'b c\'"d e"f', ['ab cd ef']],
    ['\'\' "" x', ['', '', 'x']],
    ["'it'\\''s here'", ["it's here"]],
    ['$HOME *.md ~ | > ;', ['$HOME', '*.md', '~', '|', '>', ';']],
  ])('splits %j into %j', (line, words) => {
    expect(splitCommand(line)).toEqual(words);
  });

  it.each([
    ['claude -p "unclosed', 'double'],
    ["claude -p 'unclosed", 'single'],
    ['"a" \'b', 'single'],
  ])('refuses %j: a %s quote is not closed', (line, kind) => {
    expect(() => splitCommand(line)).toThrow(new ConfigError(`Cannot split the command \`${line}\`: a ${kind} quote is not closed.`));
    expect(() => splitCommand(line)).toThrow(ConfigError);
  });
});
