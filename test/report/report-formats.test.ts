import { describe, expect, it } from 'vitest';
import type { CitationCheck } from '../../src/git/check-citations.js';
import { judgeDebate } from '../../src/ledger/judge-debate.js';
import { parseDocument } from '../../src/protocol/parse-document.js';
import { buildDebateReport } from '../../src/report/debate-report.js';
import { escapeData, escapeProperty } from '../../src/report/render-github.js';
import { renderReport } from '../../src/report/render-report.js';
import { reportFormats, type ReportFormat } from '../../src/report/report-formats.js';
import { sarifSchemaErrors } from '../helpers/sarif-schema.js';

// One debate, every format: the points, severities, statuses and places must agree across them.
const text = [
  '# Code Debate: the diff against main',
  '<!-- code-debate {"v":1,"base":"1111111111111111111111111111111111111111","head":"2222222222222222222222222222222222222222","diff":"abc"} -->',
  '',
  '## Review',
  '',
  '### R1. Debug output left in',
  '**Severity:** medium',
  '**Evidence:** `src/app.js:2-4`',
  '',
  'The `console.log(name)` prints user input.',
  '',
  '### R2. Secret, in "config" | really, 100%',
  '**Severity:** critical',
  '**Evidence:** `config/keys.js:10`',
  '',
  '### R3. TODO added',
  '**Severity:** low',
  '**Evidence:** `src/util.js:7`',
  '',
  '### R4. The design is too clever',
  '**Severity:** nit',
  '',
  '*— Reviewer · builtin · 2026-11-26T10:00:00Z*',
  '',
  '---',
  '',
  '## Response 1',
  '',
  '### R1. Debug output left in',
  '**Agreed**: it goes; `src/app.js:2` prints it.',
  '',
  '### R2. Secret',
  '**Disagreed**: it is a test key.',
  '',
  '### R3. TODO added',
  '**Partially agreed**: a ticket, not a TODO.',
  '',
  '### R4. The design is too clever',
  '**Disagreed**: it is plain.',
  '',
  '*— Responder · builtin · 2026-11-26T10:01:00Z*',
  '',
  '---',
  '',
  '## Reviewer Follow-up 1',
  '',
  '### R2. Secret',
  '**Maintained**: it is a live key pattern.',
  '',
  '### R3. TODO added',
  '**Withdrawn**: the ticket is linked.',
  '',
  '### R4. The design is too clever',
  '**Accepted**: a fair reading.',
  '',
  '*— Reviewer · builtin · 2026-11-26T10:02:00Z*',
  '',
].join('\n');

const parsed = parseDocument(text);
if (!parsed.ok) throw parsed.error;
const document = parsed.document;
const failed: CitationCheck = {
  section: 'Review',
  path: 'config/keys.js',
  line: 10,
  endLine: 10,
  quote: null,
  alternatives: [],
  ok: false,
  problem: 'config/keys.js has 3 lines, not 10',
};
const report = buildDebateReport(document, { file: 'reply.md', checks: [failed], recorded: new Set() });
const context = {
  document,
  blockOn: 'high' as const,
  blockReproduced: 'regardless' as const,
  version: '9.9.9',
  homepage: 'https://example.invalid/team/code-debate',
  repositoryUri: 'https://example.invalid/team/app.git',
};
const render = (format: ReportFormat) => renderReport(report, format, context);

interface SarifResult {
  ruleId: string;
  level: string;
  message: { text: string };
  locations?: Array<{ physicalLocation: { artifactLocation: { uri: string; uriBaseId: string }; region: { startLine: number; endLine: number } } }>;
  suppressions?: Array<{ justification: string }>;
  properties: { pointId: string; severity: string; status: string; confidence: string };
}

describe('the report formats', () => {
  it("HTML: one page with nothing to fetch, the debate's text escaped, the failed citation marked with what the line reads", () => {
    const html = render('html');
    expect(html).not.toMatch(/<script|<link|src=|@import|url\(/);
    expect(html).toContain('Secret, in &quot;config&quot; | really, 100%');
    expect(html).toContain('<code><mark class="failed" title="config/keys.js has 3 lines, not 10">config/keys.js:10</mark></code>');
    // The threads are Markdown rendered, not shown raw.
    expect(html).toContain(
      '<p><strong>Severity:</strong> medium\n<strong>Evidence:</strong> <code>src/app.js:2-4</code></p><p>The <code>console.log(name)</code> prints user input.</p>',
    );
    expect(html).not.toContain('**');
    expect(html).toContain('<ul id="failed-citations"><li><code>config/keys.js:10</code> (Review): config/keys.js has 3 lines, not 10</li></ul>');
    expect(html).toContain('<svg xmlns="http://www.w3.org/2000/svg" id="chart"');
    expect(html).not.toContain('<img');
    expect(html.match(/<rect [^>]*data-point="R2"/g)).toHaveLength(2);
  });

  it("SARIF: without a page in code-debate's package.json, the tool has no informationUri rather than a guessed one", () => {
    const log = JSON.parse(renderReport(report, 'sarif', { ...context, homepage: null })) as { runs: Array<{ tool: { driver: Record<string, unknown> } }> };
    expect(sarifSchemaErrors(log)).toEqual([]);
    expect(Object.keys(log.runs[0]?.tool.driver ?? {})).toEqual(['name', 'version', 'semanticVersion', 'rules']);
  });

  it('SARIF: a valid 2.1.0 log, one result per point at its evidence, levels from severities, a withdrawn point suppressed', () => {
    const log = JSON.parse(render('sarif')) as {
      runs: Array<{ tool: { driver: { name: string; version: string; rules: Array<{ id: string }> } }; results: SarifResult[]; versionControlProvenance: unknown[] }>;
    };
    expect(sarifSchemaErrors(log)).toEqual([]);
    const run = log.runs[0];
    expect(run?.tool.driver).toMatchObject({ name: 'code-debate', version: '9.9.9', informationUri: 'https://example.invalid/team/code-debate' });
    expect(run?.tool.driver.rules.map((rule) => rule.id)).toContain('code-debate/debug-output');
    expect(run?.versionControlProvenance).toEqual([
      {
        repositoryUri: 'https://example.invalid/team/app.git',
        revisionId: '2222222222222222222222222222222222222222',
        mappedTo: { uriBaseId: '%SRCROOT%' },
        properties: { base: '1111111111111111111111111111111111111111', diffSha256: 'abc' },
      },
    ]);
    const results = run?.results ?? [];
    expect(results.map((result) => [result.properties.pointId, result.ruleId, result.level, result.properties.severity, result.properties.status])).toEqual([
      ['R1', 'code-debate/debug-output', 'warning', 'medium', 'resolved'],
      ['R2', 'code-debate/point', 'error', 'critical', 'open'],
      ['R3', 'code-debate/todo-comment', 'note', 'low', 'withdrawn'],
      ['R4', 'code-debate/point', 'note', 'nit', 'resolved'],
    ]);
    expect(results[0]?.locations?.[0]?.physicalLocation).toEqual({ artifactLocation: { uri: 'src/app.js', uriBaseId: '%SRCROOT%' }, region: { startLine: 2, endLine: 4 } });
    expect(results[2]?.suppressions?.[0]?.justification).toBe(report.points[2]?.withdrawnReason);
    expect(results[2]?.suppressions?.[0]?.justification).toContain('the ticket is linked.');
    // Code scanning refuses a result without a location: a point that cites nothing is placed at the debate file.
    expect(results[3]?.locations?.[0]?.physicalLocation).toEqual({ artifactLocation: { uri: 'reply.md', uriBaseId: '%SRCROOT%' }, region: { startLine: 1, endLine: 1 } });
  });

  it('GitHub: one annotation per place of each confirmed or disputed point, escaped, and none for a dismissed or withdrawn one', () => {
    expect(render('github').trimEnd().split('\n')).toEqual([
      `::warning file=src/app.js,line=2,endLine=4,title=${escapeProperty('code-debate R1 (medium, confirmed): Debug output left in')}::${escapeData('Debug output left in: confirmed after 2 rounds, confidence HIGH.\nReviewer: raised; Responder: agreed.\nSee reply.md.')}`,
      `::error file=config/keys.js,line=10,title=${escapeProperty('code-debate R2 (critical, disputed): Secret, in "config" | really, 100%')}::${escapeData('Secret, in "config" | really, 100%: disputed after 2 rounds, confidence LOW.\nReviewer: maintained; Responder: disagreed.\nSee reply.md.')}`,
    ]);
    expect(escapeProperty('a: b, 100%\nc')).toBe('a%3A b%2C 100%25%0Ac');
    // A title cannot start a second command: its newline is escaped.
    expect(escapeData('x\n::error::pwned')).toBe('x%0A::error::pwned');
  });

  it('Markdown: the outcome and what blocks, a row per point, the convergence, the failed citation, the file', () => {
    const summary = render('markdown');
    expect(summary).toContain('**Blocking** (`high` or above): R2 Secret, in "config" \\| really, 100% (critical, disputed).');
    expect(summary).toContain('| R1. Debug output left in | medium | resolved | HIGH | raised | agreed |');
    expect(summary).toContain('| R3. TODO added | low | withdrawn | WITHDRAWN | withdrawn | partially-agreed |');
    expect(summary).toContain('- `config/keys.js:10` (Review): config/keys.js has 3 lines, not 10');
    expect(summary).toContain('The whole debate: `reply.md` (head 222222222222).');
    expect(summary.startsWith('<!-- code-debate summary -->\n')).toBe(true);
  });

  it('Markdown: a title cannot mention, link, reference an issue or inject HTML', async () => {
    const { renderMarkdownSummary } = await import('../../src/report/render-markdown.js');
    const hostile = {
      ...report,
      points: report.points.map((point, index) => (index === 0 ? { ...point, title: '&#64;org/team see https://evil.example www.x.com #123 <img src=x> | [a](b)' } : point)),
    };
    const row =
      renderMarkdownSummary(hostile, 'high', 'regardless')
        .split('\n')
        .find((line) => line.startsWith('| R1.')) ?? '';
    expect(row).not.toMatch(/(^|[^\\])&#/);
    for (const broken of ['https:\u200b//evil.example', 'www\u200b.x.com', '\\#\u200b123', '\\<img src=x\\>', '\\| \\[a\\](b)']) expect(row).toContain(broken);
    expect(row.endsWith(' | medium | resolved | HIGH | raised | agreed |')).toBe(true);
  });

  it("with --block-reproduced only, every format's Blocking line names the points the gate blocks on: the reproduced ones", () => {
    // Every point high; R2 alone reproduced, R1 standing without a run: the gate blocks on R2 alone.
    const ran = { verdict: 'reproduced' as const, why: 'it fails at the head and passes at the base', section: 'Review', round: 1, by: 'reviewer' as const };
    const judged = { ...report, points: report.points.map((point) => ({ ...point, severity: 'high', reproduction: point.id === 'R2' ? ran : null })) };
    const only = { ...context, blockReproduced: 'only' as const };
    const gate = judgeDebate(judged.points, 'high', 'only');
    expect(gate.blocking.map((point) => point.id)).toEqual(['R2']);
    const line = (text: string, marker: RegExp) => text.split('\n').find((candidate) => marker.test(candidate)) ?? '';
    expect(line(renderReport(judged, 'text', only), /^Blocking/)).toBe('Blocking (high or above, reproduced points only): R2 Secret, in "config" | really, 100% (high, disputed).');
    expect(line(renderReport(judged, 'markdown', only), /^\*\*Blocking/)).toMatch(/^\*\*Blocking\*\* \(`high` or above, reproduced points only\): R2 [^;]*\(high, disputed\)\.$/);
    expect(renderReport(judged, 'html', only)).toMatch(
      /Blocking \(<b>high<\/b> or above, reproduced points only\): R2 Secret, in &quot;config&quot; \| really, 100% \(high, disputed\)\./,
    );
    expect((JSON.parse(renderReport(judged, 'json', only)) as { gate: unknown }).gate).toEqual({ blockOn: 'high', blockReproduced: 'only', blocked: true, blocking: ['R2'] });
    // By default the same report blocks on every high point that stands, R1 and R2 both.
    const regardless = judgeDebate(judged.points, 'high', 'regardless').blocking.map((point) => point.id);
    expect((JSON.parse(renderReport(judged, 'json', context)) as { gate: { blocking: string[] } }).gate.blocking).toEqual(regardless);
    expect(line(renderReport(judged, 'text', context), /^Blocking/)).toMatch(new RegExp(`^Blocking \\(high or above\\): ${regardless.join(' .*; ')} `));
  });

  it('every format names the same points with the same severities and statuses as the JSON report', () => {
    const { gate, ...json } = JSON.parse(render('json')) as typeof report & { gate: unknown };
    expect(json).toEqual(JSON.parse(JSON.stringify(report)));
    const verdict = judgeDebate(report.points, 'high', 'regardless');
    expect(gate).toEqual({ blockOn: 'high', blockReproduced: 'regardless', blocked: verdict.blocked, blocking: verdict.blocking.map((point) => point.id) });
    const expected = json.points.map((point) => ({ id: point.id, severity: point.severity, status: point.status }));
    const sarif = (JSON.parse(render('sarif')) as { runs: Array<{ results: SarifResult[] }> }).runs[0]?.results ?? [];
    expect(sarif.map((result) => ({ id: result.properties.pointId, severity: result.properties.severity, status: result.properties.status }))).toEqual(expected);
    const rows = render('markdown')
      .split('\n')
      .filter((line) => /^\| R\d/.test(line))
      .map((line) => line.split(' | '));
    expect(rows.map(([point, severity, status]) => ({ id: point?.match(/R\d+/)?.[0], severity, status }))).toEqual(expected);
    const table = render('text');
    for (const point of expected) expect(table).toMatch(new RegExp(`^${point.id}\\s+${point.severity}\\s+${point.status}\\s`, 'm'));
    // The places: JSON's evidence, SARIF's locations, and the annotations of the points that annotate.
    const places = json.points.map((point) => point.evidence.map((evidence) => `${evidence.path}:${evidence.line}-${evidence.endLine}`));
    expect(
      sarif.map((result) => (result.locations ?? []).map(({ physicalLocation: { artifactLocation, region } }) => `${artifactLocation.uri}:${region.startLine}-${region.endLine}`)),
    ).toEqual(places.map((list) => (list.length === 0 ? ['reply.md:1-1'] : list)));
    const annotated = render('github')
      .trimEnd()
      .split('\n')
      .map((line) => /file=([^,]+),line=(\d+)(?:,endLine=(\d+))?,title=code-debate (R\d+)/.exec(line))
      .map((match) => `${match?.[4]} ${match?.[1]}:${match?.[2]}-${match?.[3] ?? match?.[2]}`);
    expect(annotated).toEqual(json.points.flatMap((point, index) => (['R1', 'R2'].includes(point.id) ? (places[index] ?? []).map((place) => `${point.id} ${place}`) : [])));
    const html = render('html');
    for (const point of expected) expect(html).toContain(`<section class="point" id="point-${point.id}">`);
    expect(html.match(/<tr id="row-R\d+">.*?<\/tr>/g)?.map((row) => row.match(/class="sev-(\w+)">\w+<\/td><td>(\w+)</)?.slice(1))).toEqual(
      expected.map((point) => [point.severity, point.status]),
    );
    expect(reportFormats).toEqual(['text', 'json', 'markdown', 'sarif', 'github', 'html']);
  });
});

describe('absoluteRepositoryUri', () => {
  it.each([
    ['https://github.com/acme/shop.git', 'https://github.com/acme/shop.git'],
    ['https://bot:s3cr@t@github.com/acme/shop.git', 'https://github.com/acme/shop.git'],
    ['git@github.com:acme/shop.git', 'ssh://github.com/acme/shop.git'],
    ['ssh://git@gitlab.example:2222/team/app.git', 'ssh://gitlab.example:2222/team/app.git'],
    ['/srv/git/app.git', null],
  ])('%s → %s', async (remote, uri) => {
    const { absoluteRepositoryUri } = await import('../../src/cli/show-command.js');
    expect(absoluteRepositoryUri(remote)).toBe(uri);
  });
});
