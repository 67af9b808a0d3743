/**
 * How long a turn waited for git: each run of git (`resolves`, {start, end}) less the part an
 * agent run overlapped. The turn starts the agent first and resolves the subject again beside it
 * (src/session/ask-ahead.ts), so per resolve this is max(0, end − max(agent's end, start)); a
 * resolve the agent did not overlap (it started after git, or there was none) counts whole.
 */
export function gitWaited(resolves, agentRuns) {
  let waited = 0;
  for (const resolve of resolves) {
    const overlapped = agentRuns.reduce((sum, run) => sum + Math.max(0, Math.min(run.end, resolve.end) - Math.max(run.start, resolve.start)), 0);
    waited += Math.max(0, resolve.end - resolve.start - overlapped);
  }
  return waited;
}
