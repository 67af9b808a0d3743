import { createHash } from 'node:crypto';
import { allRules, findRuleAbout } from '../agents/builtin/rules.js';
import type { ReportPoint } from '../ledger/ledger-report.js';
import type { DebateReport } from './debate-report.js';

/** The SARIF 2.1.0 schema a log names, as GitHub code scanning and the SARIF SDK expect it. */
export const sarifSchemaUri = 'https://json.schemastore.org/sarif-2.1.0.json';

/** A point no rule of the built-in agent raised (a model's, a person's): one rule for all of them. */
const pointRule = {
  id: 'code-debate/point',
  name: 'DebatedPoint',
  shortDescription: { text: 'A point raised in a code debate' },
  fullDescription: { text: 'A point the Reviewer raised and the Responder answered; its status, confidence and positions are in its properties.' },
  // GitHub code scanning requires every rule's help (GH2012).
  help: { text: "Read the point and both sides' answers in the debate file; the result's properties give where the debate left it." },
  defaultConfiguration: { level: 'warning' },
};

const levels: Record<string, 'error' | 'warning' | 'note'> = { critical: 'error', high: 'error', medium: 'warning', low: 'note', nit: 'note' };

/**
 * The debate as a SARIF 2.1.0 log: one result per point, at its evidence (relative to the
 * repository root, `%SRCROOT%`), its severity as `level` (critical and high an error, medium a
 * warning, low and nit a note) and as a property with its status and confidence; a withdrawn
 * point is a result suppressed with the Reviewer's reason. The built-in agent's rules are the
 * run's rules, a point of none of them falls under `code-debate/point`; the subject's commits
 * are the run's version control provenance. The tool's `informationUri` is code-debate's own
 * page when its package.json names one, and absent otherwise rather than a guessed address.
 */
export function renderSarif(report: DebateReport, tool: { version: string; homepage: string | null; repositoryUri: string | null }): string {
  const rules = [
    pointRule,
    ...allRules.map((rule) => ({
      id: `code-debate/${rule.id}`,
      name: pascal(rule.id),
      shortDescription: { text: rule.title },
      fullDescription: { text: rule.explanation },
      help: { text: rule.fix },
      defaultConfiguration: { level: levels[rule.severity] ?? 'warning' },
      properties: { severity: rule.severity },
    })),
  ];
  const ruleIndex = new Map(rules.map((rule, index) => [rule.id, index]));
  const results = report.points.map((point) => {
    const rule = findRuleAbout(point.title);
    const ruleId = rule === null ? pointRule.id : `code-debate/${rule.id}`;
    return {
      ruleId,
      ruleIndex: ruleIndex.get(ruleId) ?? 0,
      level: point.severity === null ? 'warning' : (levels[point.severity] ?? 'warning'),
      message: { text: messageOf(point) },
      locations: locationsOf(point, report.file),
      // Stable across pushes (the diff's hash is not): the rule, where it points, and what it says.
      partialFingerprints: { 'codeDebatePoint/v1': fingerprint([ruleId, point.evidence[0]?.path ?? report.file, point.title.toLowerCase().replace(/\s+/g, ' ').trim()]) },
      ...(point.status === 'withdrawn' ? { suppressions: [{ kind: 'external', status: 'accepted', justification: point.withdrawnReason ?? 'Withdrawn by the Reviewer.' }] } : {}),
      properties: {
        pointId: point.id,
        severity: point.severity,
        status: point.status,
        confidence: point.confidence,
        reviewer: point.reviewer,
        responder: point.responder,
        raisedBy: point.raisedBy,
        agreement: point.agreement,
        reproduction: point.reproduction === null ? null : { verdict: point.reproduction.verdict, why: point.reproduction.why, section: point.reproduction.section },
        failedEvidence: point.evidence
          .filter((evidence) => evidence.check === 'failed')
          .map((evidence) => `${evidence.path}:${evidence.line}: ${evidence.problem ?? 'the check failed'}`),
      },
    };
  });
  const provenance = report.subject?.head
    ? [
        {
          repositoryUri: tool.repositoryUri ?? 'urn:code-debate:local-repository',
          revisionId: report.subject.head,
          mappedTo: { uriBaseId: '%SRCROOT%' },
          properties: { base: report.subject.base, diffSha256: report.subject.diff },
        },
      ]
    : [];
  const log = {
    $schema: sarifSchemaUri,
    version: '2.1.0',
    runs: [
      {
        tool: {
          driver: { name: 'code-debate', version: tool.version, semanticVersion: tool.version, ...(tool.homepage === null ? {} : { informationUri: tool.homepage }), rules },
        },
        ...(provenance.length === 0 ? {} : { versionControlProvenance: provenance }),
        originalUriBaseIds: { '%SRCROOT%': { description: { text: 'The root of the repository the debate reviewed.' } } },
        results,
        properties: { debateFile: report.file, title: report.title, outcome: report.outcome, rounds: report.rounds, state: report.state },
      },
    ],
  };
  return `${JSON.stringify(log, null, 2)}\n`;
}

/**
 * Where a result is: the places its evidence cites (a line below 1 cannot be one); a point that
 * cites none is placed at the debate file's first line, since code scanning refuses a result
 * without a location.
 */
function locationsOf(point: ReportPoint, debateFile: string) {
  const places = point.evidence
    .filter((evidence) => evidence.line >= 1)
    .map((evidence) => ({ path: evidence.path, startLine: evidence.line, endLine: Math.max(evidence.line, evidence.endLine) }));
  return (places.length > 0 ? places : [{ path: debateFile, startLine: 1, endLine: 1 }]).map((place) => ({
    physicalLocation: { artifactLocation: { uri: encodePath(place.path), uriBaseId: '%SRCROOT%' }, region: { startLine: place.startLine, endLine: place.endLine } },
  }));
}

function fingerprint(parts: readonly string[]): string {
  return createHash('sha256').update(parts.join('\0')).digest('hex').slice(0, 32);
}

function messageOf(point: ReportPoint): string {
  const positions = [point.reviewer === null ? null : `Reviewer: ${point.reviewer}`, point.responder === null ? null : `Responder: ${point.responder}`]
    .filter((part) => part !== null)
    .join(', ');
  return `${point.id}. ${point.title || 'Untitled point'} (${point.status}, confidence ${point.confidence}${positions === '' ? '' : `; ${positions}`})`;
}

/** A repository path as a relative URI reference: each segment percent-encoded, the slashes kept. */
function encodePath(path: string): string {
  return path.split('/').map(encodeURIComponent).join('/');
}

function pascal(id: string): string {
  return id.replace(/(^|-)(\w)/g, (_, __, letter: string) => letter.toUpperCase());
}
