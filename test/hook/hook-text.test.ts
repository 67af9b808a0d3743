import { readFile } from 'node:fs/promises';
import { describe, expect, test } from 'vitest';
import { addHuskyBlock, renderHuskyBlock } from '../../src/hook/add-husky-block.js';
import { removeHuskyBlock } from '../../src/hook/remove-husky-block.js';
import { renderLefthookEntry } from '../../src/hook/render-lefthook-entry.js';
import { fillPrePushTemplate, isCodeDebateHook, prePushTemplatePath } from '../../src/hook/render-pre-push-hook.js';

describe('fillPrePushTemplate', () => {
  test('puts each path in as one single-quoted shell word', async () => {
    const hook = fillPrePushTemplate(await readFile(prePushTemplatePath, 'utf8'), { nodePath: '/opt/node 20/bin/node', binPath: "/home/o'neil/code-debate.js" });

    expect(hook).toContain("node='/opt/node 20/bin/node'\n");
    expect(hook).toContain("bin='/home/o'\\''neil/code-debate.js'\n");
    expect(isCodeDebateHook(hook)).toBe(true);
  });

  test('an unknown placeholder, or a template without the marker line, is a bug', () => {
    const paths = { nodePath: '/n', binPath: '/b' };
    expect(() => fillPrePushTemplate('# code-debate pre-push hook\n{{nodes}}\n', paths)).toThrow('Cannot fill the placeholder `{{nodes}}`');
    expect(() => fillPrePushTemplate('#!/bin/sh\n{{node}}\n', paths)).toThrow('expected a line `# code-debate pre-push hook` in it');
  });
});

describe('the husky block', () => {
  test('created, then removed: nothing is left and the file may go', () => {
    const added = addHuskyBlock(null, false);
    expect(added).toEqual({ ok: true, text: `#!/usr/bin/env sh\n\n${renderHuskyBlock(true)}`, change: 'created' });
    expect(removeHuskyBlock(added.ok ? added.text : '')).toEqual({ ok: true, text: '#!/usr/bin/env sh\n', deleteFile: true });
  });

  test('a new file for husky 5 to 8 sources their husky.sh', () => {
    const added = addHuskyBlock(null, true);
    expect(added.ok && added.text.startsWith('#!/usr/bin/env sh\n. "$(dirname -- "$0")/_/husky.sh"\n\n# >>> code-debate pre-push hook')).toBe(true);
    expect(removeHuskyBlock(added.ok ? added.text : '')).toMatchObject({ deleteFile: true });
  });

  test('appended to a file, updated in place, removed: the file is as it was, and stays', () => {
    for (const original of ['npx lint-staged\n', 'npx lint-staged', '']) {
      const appended = addHuskyBlock(original, false);
      if (!appended.ok) throw new Error(appended.reason);
      expect(appended.change).toBe('appended');
      const edited = `${appended.text}npm test\n`;
      const updated = addHuskyBlock(edited, false);
      expect(updated).toEqual({ ok: true, text: edited, change: 'updated' });
      expect(removeHuskyBlock(edited)).toEqual({ ok: true, text: `${original === 'npx lint-staged' ? 'npx lint-staged\n' : original}npm test\n`, deleteFile: false });
    }
  });

  test('a begin marker without its end (or the reverse) is refused, and no block at all is nothing to remove', () => {
    const begin = renderHuskyBlock(false).split('\n')[0] ?? '';
    expect(addHuskyBlock(`${begin}\nnpm test\n`, false)).toEqual({
      ok: false,
      reason: 'it has `# >>> code-debate pre-push hook` without `# <<< code-debate pre-push hook`',
    });
    expect(removeHuskyBlock('npm test\n# <<< code-debate pre-push hook\n')).toEqual({
      ok: false,
      reason: 'it has `# <<< code-debate pre-push hook` without `# >>> code-debate pre-push hook`',
    });
    expect(removeHuskyBlock('npm test\n')).toEqual({ ok: true, text: null, deleteFile: false });
  });
});

describe('renderLefthookEntry', () => {
  test("in the config file's own format", () => {
    expect(renderLefthookEntry('/r/lefthook.yml')).toBe("pre-push:\n  commands:\n    code-debate:\n      run: code-debate pre-push '{1}' '{2}'\n      use_stdin: true\n");
    expect(renderLefthookEntry('/r/.config/lefthook.toml')).toBe(`[pre-push.commands.code-debate]\nrun = "code-debate pre-push '{1}' '{2}'"\nuse_stdin = true\n`);
    expect(JSON.parse(renderLefthookEntry('/r/.lefthook.json'))).toEqual({
      'pre-push': { commands: { 'code-debate': { run: "code-debate pre-push '{1}' '{2}'", use_stdin: true } } },
    });
  });
});
