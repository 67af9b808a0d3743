/** What the status line says, part by part. */
export interface StatusParts {
  role: string;
  round: string;
  /** How long the current step has taken. */
  elapsed: string;
  /** The peer's state, or '' before it is known. */
  peer: string;
  /** What this side does: short, and with the agent and the heading. */
  activity: { short: string; long: string };
}

/**
 * The status line within `width` columns, shortened by priority: the activity's detail (the
 * agent's name, the heading) goes first, then the activity, then the peer; the role, the round
 * and the elapsed time stay. What still does not fit is cut, and the cut ends with `…`.
 */
export function fitStatusLine(parts: StatusParts, width: number): string {
  const join = (items: readonly string[]) => items.filter((item) => item !== '').join(' · ');
  const candidates = [
    join([parts.role, parts.round, parts.activity.long, parts.elapsed, parts.peer]),
    join([parts.role, parts.round, parts.activity.short, parts.elapsed, parts.peer]),
    join([parts.role, parts.round, parts.elapsed, parts.peer]),
    join([parts.role, parts.round, parts.elapsed]),
  ];
  const fits = candidates.find((line) => [...line].length <= width);
  if (fits !== undefined) return fits;
  const last = [...(candidates.at(-1) ?? '')];
  return `${last.slice(0, Math.max(0, width - 1)).join('')}…`;
}
