import { chmod, mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { resolveAutoAgent } from '../../../src/agents/presets/cli-agent-auto.js';
import { findAgentOnPath, findExecutable } from '../../../src/agents/presets/find-agent-on-path.js';
import { useTempDir } from '../../helpers/temp-dir.js';

const tempDir = useTempDir('path');

async function program(dir: string, name: string, mode: number): Promise<string> {
  const file = path.join(dir, name);
  await writeFile(file, '#!/bin/sh\nexit 0\n');
  await chmod(file, mode);
  return file;
}

const pathOf = (...entries: string[]) => ({ PATH: entries.join(path.delimiter) });

describe('findAgentOnPath', () => {
  it('finds the first of claude, codex, gemini that is an executable file, whatever the order of PATH', async () => {
    const [first, second] = [await tempDir(), await tempDir()];
    await program(first, 'claude', 0o644);
    await mkdir(path.join(first, 'codex'));
    await program(first, 'gemini', 0o755);
    expect(await findAgentOnPath(pathOf(first, second))).toBe('gemini');
    await program(second, 'codex', 0o755);
    expect(await findAgentOnPath(pathOf(first, second))).toBe('codex');
    await program(second, 'claude', 0o700);
    expect(await findAgentOnPath(pathOf(first, second))).toBe('claude');
  });

  it('finds nothing on an empty or missing PATH, or in directories that do not exist', async () => {
    expect(await findAgentOnPath({})).toBeNull();
    expect(await findAgentOnPath({ PATH: '' })).toBeNull();
    expect(await findAgentOnPath(pathOf(path.join(await tempDir(), 'gone')))).toBeNull();
  });

  it('skips relative PATH entries, which would resolve inside the repository under review', async () => {
    const dir = await tempDir();
    await program(dir, 'claude', 0o755);
    expect(await findAgentOnPath(pathOf(path.relative(process.cwd(), dir)))).toBeNull();
    expect(await findExecutable('claude', pathOf('', path.relative(process.cwd(), dir), dir))).toBe(path.join(dir, 'claude'));
  });
});

describe('resolveAutoAgent', () => {
  it('picks the first CLI on PATH and says which file it found', async () => {
    const dir = await tempDir();
    await program(dir, 'gemini', 0o755);
    await program(dir, 'codex', 0o755);
    expect(await resolveAutoAgent(pathOf(dir))).toEqual({
      spec: 'codex',
      message: `--agent auto: using \`codex\` (Codex, ${path.join(dir, 'codex')}), the first of claude, codex, gemini on PATH.`,
    });
  });

  it('falls back to builtin and says so', async () => {
    expect(await resolveAutoAgent(pathOf(await tempDir()))).toEqual({
      spec: 'builtin',
      message:
        '--agent auto: none of claude, codex, gemini is on PATH, so using `builtin`, the offline rule-based reviewer (not a language model). ' +
        'Install one of them, or name an agent with --agent.',
    });
  });
});
