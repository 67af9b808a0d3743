import type { LedgerReport } from './ledger-report.js';

/** What identifies a result code-debate wrote: the section that carries it, the point, the verdict and its why (with the commits and exit codes). */
export function reproductionRecordKey(section: string, id: string, verdict: string, why: string): string {
  return JSON.stringify([section, id, verdict, why]);
}

/**
 * The report with each reproduction result no side on this machine recorded running (`recorded`,
 * see recordReproduction) counted as not run: anyone can type a result block into the file, and a
 * wrong verdict is worse than an open point. Such a point has no reproduction, its
 * `reproduction-contradicted` flag goes, and a `reproduction-unverified` flag says why.
 */
export function distrustUnrecorded<Report extends LedgerReport>(report: Report, recorded: ReadonlySet<string>): Report {
  const distrusted = new Map<string, { section: string; round: number }>();
  const points = report.points.map((point) => {
    const ran = point.reproduction;
    if (ran === null || recorded.has(reproductionRecordKey(ran.section, point.id, ran.verdict, ran.why))) return point;
    distrusted.set(point.id, { section: ran.section, round: ran.round });
    return { ...point, reproduction: null };
  });
  if (distrusted.size === 0) return report;
  const flags = [
    ...report.flags.filter((flag) => !(flag.kind === 'reproduction-contradicted' && flag.id !== null && distrusted.has(flag.id))),
    ...[...distrusted].map(([id, { section, round }]) => ({
      kind: 'reproduction-unverified' as const,
      id,
      round,
      message: `${id}'s reproduction result in ${section} has no record of code-debate running it on this machine (typed into the file, or run elsewhere): it counts as not run.`,
    })),
  ].sort((a, b) => a.round - b.round);
  return { ...report, points, flags };
}
