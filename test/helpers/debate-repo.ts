import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { makeGitRepo } from './git-repo.js';

/** A repository on a branch `feature` whose change against `main` gives agents something to review. */
export async function makeDebateRepo() {
  const repo = await makeGitRepo({ 'src/app.js': 'export function greet(name) {\n  return `hi ${name}`;\n}\n' });
  await repo.git('checkout', '-q', '-b', 'feature');
  await repo.write('src/app.js', 'export function greet(name) {\n  console.log(name);\n  return `hi ${name}`;\n}\n');
  await repo.commit('Log the name');
  return {
    ...repo,
    file: path.join(repo.dir, 'reply.md'),
    readReply: () => readFile(path.join(repo.dir, 'reply.md'), 'utf8'),
    /** Writes a scripted agent's script into the repository's parent temp space. */
    async script(name: string, script: unknown): Promise<{ script: string; log: string }> {
      const file = path.join(repo.dir, '..', `${path.basename(repo.dir)}-${name}.json`);
      await writeFile(file, JSON.stringify(script));
      return { script: file, log: `${file}.log` };
    },
  };
}

/** The level-2 headings of a debate file, in order, as a line-oriented peer sees them. */
export function headingsOf(text: string): string[] {
  return text.split(/\r?\n/).filter((line) => line.startsWith('## '));
}
