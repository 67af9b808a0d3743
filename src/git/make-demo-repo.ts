import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { simpleGit } from 'simple-git';
import { excludeFromGit } from './exclude-from-git.js';

const baseFiles: Record<string, string> = {
  'package.json': '{ "name": "shop", "type": "module", "scripts": { "test": "node --test" } }\n',
  'src/cart.js': ['export function total(items) {', '  return items.reduce((sum, item) => sum + item.price * item.quantity, 0);', '}', ''].join('\n'),
  'test/cart.test.js': [
    "import { test } from 'node:test';",
    "import assert from 'node:assert/strict';",
    "import { total } from '../src/cart.js';",
    '',
    "test('sums price times quantity', () => {",
    '  assert.equal(total([{ price: 2, quantity: 3 }]), 6);',
    '});',
    '',
  ].join('\n'),
};

const plantedFiles: Record<string, string> = {
  'src/cart.js': [
    "const paymentsKey = 'sk_live_4eC39HqLyjWDarjtT1zdp7dc';",
    '',
    'export function total(items, coupon) {',
    '  const sum = items.reduce((acc, item) => acc + item.price * item.quantity, 0);',
    "  console.log('total before coupon', sum);",
    '  // TODO: reject expired coupons',
    '  return coupon ? sum * (1 - coupon.percent / 100) : sum;',
    '}',
    '',
    'export function checkoutRequest(items, coupon) {',
    '  return { amount: total(items, coupon), key: paymentsKey };',
    '}',
    '',
  ].join('\n'),
};

/**
 * A throwaway repository for `code-debate demo`: a small shop on `main` and a branch `coupons`
 * whose change plants problems a reviewer should find.
 */
export async function makeDemoRepo(): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'code-debate-demo-'));
  const git = simpleGit(dir);
  await git.init(['--initial-branch=main']);
  await git.addConfig('user.name', 'Demo').addConfig('user.email', 'demo@example.invalid').addConfig('commit.gpgsign', 'false');
  await writeFiles(dir, baseFiles);
  await git.add('.').commit('Add the cart total');
  await git.checkoutLocalBranch('coupons');
  await writeFiles(dir, plantedFiles);
  await git.add('.').commit('Add coupons and checkout');
  // As a debate would on its first turn, said here once rather than as each side's first line.
  await excludeFromGit(dir, 'reply.md');
  return dir;
}

async function writeFiles(dir: string, files: Record<string, string>): Promise<void> {
  for (const [name, content] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(dir, name)), { recursive: true });
    await writeFile(path.join(dir, name), content);
  }
}
