import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseDocument } from '../../src/protocol/parse-document.js';
import { buildDebateReport } from '../../src/report/debate-report.js';
import { renderReport } from '../../src/report/render-report.js';
import { useDebateRepos } from '../helpers/e2e.js';
import { writePlantedDataset } from '../helpers/eval-dataset.js';
import { startCli } from '../helpers/run-cli.js';

// The HTML report in a real headless Chromium (Debian's `chromium`; .ci/run installs it), driven by playwright-core.
const repos = useDebateRepos();
let browser: Browser;

function chromiumPath(): string {
  const given = process.env.CODE_DEBATE_CHROMIUM;
  if (given) return given;
  try {
    return execFileSync('sh', ['-c', 'command -v chromium || command -v chromium-browser'], { encoding: 'utf8' }).trim();
  } catch {
    throw new Error("No Chromium to run the page in: install Debian's `chromium` (`apt-get install chromium`, as .ci/run does) or set CODE_DEBATE_CHROMIUM to its path.");
  }
}

beforeAll(async () => {
  browser = await chromium.launch({ executablePath: chromiumPath(), args: ['--no-sandbox'] });
});
afterAll(async () => {
  await browser?.close();
});

/** Opens `file` from disk with the network refused, and gathers what went wrong while it loaded. */
async function open(file: string) {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  const problems: string[] = [];
  const requests: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(`${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('request', (request) => {
    if (!request.url().startsWith('file:')) requests.push(request.url());
  });
  await page.goto(`file://${file}`, { waitUntil: 'load' });
  return { page, problems, requests };
}

describe('the HTML report in Chromium', () => {
  it('of a real debate loads with no console error and no request, with its verdict, chart and every point; a screenshot is taken', async () => {
    const repo = await repos.repo();
    const duo = await startCli(['duo', '--agent', 'builtin', '--report', 'html:../debate.html', 'the diff against main'], { cwd: repo.dir }).exited;
    expect(duo.code, duo.stderr).toBe(0);
    const file = path.join(path.dirname(repo.dir), 'debate.html');
    const { page, problems, requests } = await open(file);
    expect(problems).toEqual([]);
    expect(requests).toEqual([]);
    expect(await page.locator('#verdict').innerText()).toContain('Outcome: consensus');
    const ids = (JSON.parse((await startCli(['show', '--json'], { cwd: repo.dir }).exited).stdout) as { points: Array<{ id: string }> }).points.map((point) => point.id);
    expect(ids.length).toBeGreaterThan(0);
    expect(await page.locator('#ledger tbody tr').count()).toBe(ids.length);
    for (const id of ids) {
      expect(await page.locator(`#point-${id}`).count()).toBe(1);
      expect(await page.locator(`#chart rect[data-point="${id}"]`).count()).toBeGreaterThan(0);
    }
    const chart = await page.locator('#chart').boundingBox();
    expect(chart?.width ?? 0).toBeGreaterThan(200);
    const shot = process.env.CODE_DEBATE_SCREENSHOT ?? path.join(path.dirname(repo.dir), 'debate.png');
    await page.screenshot({ path: shot, fullPage: true });
    expect(existsSync(shot)).toBe(true);
  });

  it('of a 1 MB debate loads whole, every point and its thread there, a failed citation marked with what the line reads', async () => {
    const points = 160;
    const filler = 'The reasoning goes on at length, citing `src/app.js:2` and the tests around it. '.repeat(40);
    const review = Array.from(
      { length: points },
      (_, index) =>
        `### R${index + 1}. Point number ${index + 1}\n**Severity:** ${['high', 'medium', 'low'][index % 3]}\n**Evidence:** \`src/file${index}.js:${index + 3}\`\n\n${filler}\n`,
    ).join('\n');
    const response = Array.from(
      { length: points },
      (_, index) => `### R${index + 1}. Point number ${index + 1}\n**${index % 2 === 0 ? 'Agreed' : 'Disagreed'}**: ${filler}\n`,
    ).join('\n');
    const text = `# Code Debate: a big one\n<!-- code-debate {"v":1,"base":null,"head":"2222222222222222222222222222222222222222","diff":"d"} -->\n\n## Review\n\n${review}\n*— Reviewer · builtin · 2026-11-26T10:00:00Z*\n\n---\n\n## Response 1\n\n${response}\n*— Responder · builtin · 2026-11-26T10:01:00Z*\n`;
    expect(text.length).toBeGreaterThan(1_000_000);
    const parsed = parseDocument(text);
    if (!parsed.ok) throw parsed.error;
    const check = { section: 'Review', path: 'src/file7.js', line: 10, endLine: 10, quote: null, alternatives: [], ok: false, problem: 'src/file7.js:10 reads `return 1;`' };
    const report = buildDebateReport(parsed.document, { file: 'reply.md', checks: [check], recorded: new Set() });
    const html = renderReport(report, 'html', { document: parsed.document, blockOn: 'high', blockReproduced: 'regardless', version: '0.0.0', homepage: null, repositoryUri: null });
    const repo = await repos.repo();
    const file = path.join(path.dirname(repo.dir), 'big.html');
    await writeFile(file, html);
    expect((await readFile(file, 'utf8')).includes('<script')).toBe(false);
    const { page, problems, requests } = await open(file);
    expect(problems).toEqual([]);
    expect(requests).toEqual([]);
    expect(await page.locator('section.point').count()).toBe(points);
    expect(await page.locator('#point-R160 .turn').count()).toBe(2);
    const mark = page.locator('#point-R8 mark.failed').first();
    expect(await mark.getAttribute('title')).toBe('src/file7.js:10 reads `return 1;`');
    expect(await mark.innerText()).toBe('src/file7.js:10');
  });

  it('of an eval loads with no console error and no request, with its totals, a row and a section per case', async () => {
    const dataset = await writePlantedDataset({
      'live-key': {
        spec: { title: 'Charge cards', language: 'javascript', expected: [{ file: 'src/pay.js', line: 1, minSeverity: 'high', what: 'a live key' }] },
        before: { 'src/pay.js': 'export const pay = (amount) => amount;\n' },
        after: { 'src/pay.js': "const paymentsKey = 'sk_live_4eC39HqLyjWDarjtT1zdp7dc';\nexport const pay = (amount) => [amount, paymentsKey];\n" },
      },
      clean: { spec: { title: 'Rename', expected: [] }, before: { 'src/a.js': 'export const a = 1;\n' }, after: { 'src/a.js': 'export const one = 1;\n' } },
    });
    repos.onCleanup(dataset.cleanup);
    const file = path.join(dataset.scratch, 'eval.html');
    const run = await startCli(['eval', dataset.dir, '--agent', 'builtin', '--jobs', '2', '--report', `html:${file}`], { cwd: dataset.scratch }).exited;
    expect(run.code, run.stderr).toBe(0);
    const { page, problems, requests } = await open(file);
    expect(problems).toEqual([]);
    expect(requests).toEqual([]);
    // A row per view: the Review alone, confirmed after the debate, reproduced by a test, the gate.
    expect(await page.locator('#totals tbody tr').count()).toBe(4);
    expect(await page.locator('#cases tbody tr').count()).toBe(2);
    expect(await page.locator('section.case').count()).toBe(2);
    expect(await page.locator('#case-live-key li').innerText()).toContain('Review alone: R1; Confirmed after the debate: R1; Reproduced by a test: missed; Gate: R1');
    await page.screenshot({ path: path.join(dataset.scratch, 'eval.png'), fullPage: true });
  });
});
