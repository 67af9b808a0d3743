/**
 * The exact bytes test/fixtures/peers/plain-peer.sh appends, rebuilt the way its heredoc and
 * printf calls produce them, so the parser is tested against what a plain peer really writes.
 */

export type SeedStance = 'agree' | 'disagree' | 'partial';

const maxRounds = 5;

/** `cat >"$FILE" <<EOF ... EOF`: the reviewer's whole first write. */
export function seedReview(subject = 'HEAD'): string {
  return (
    `# Code Debate: ${subject}\n` +
    '\n' +
    '## Review\n' +
    '\n' +
    '### 1. Unchecked return value\n' +
    'The result of the parse call is used without checking for failure. See the first changed file.\n' +
    '\n' +
    '### 2. Missing test for the new branch\n' +
    'The new conditional has no test that reaches it.\n' +
    '\n'
  );
}

export function seedVerdict(stance: SeedStance, round: number): string {
  if (stance === 'agree') return 'Agreed';
  if (stance === 'disagree') return 'Disagreed';
  return round === 1 ? 'Partially agreed' : 'Agreed';
}

/** The responder's `{ printf ...; for id in $ids; do printf ...; done; printf '\n'; }`. */
export function seedResponse(round: number, stance: SeedStance, ids: readonly string[] = ['1', '2']): string {
  const verdict = seedVerdict(stance, round);
  const lines = ids.map((id) => `${id}. **${verdict}** — my reasoning for point ${id} is stated here.\n`);
  return `---\n\n## Response ${round}\n${lines.join('')}\n`;
}

export function seedFollowUp(round: number): string {
  return `---\n\n## Reviewer Follow-up ${round}\nI maintain both points: the failure path is reachable and untested.\n\n`;
}

export const seedResolvedConsensus = '---\n\n## CONSENSUS\nAll points are resolved: both points are agreed and will be fixed.\n';

export function seedMaxRoundsConsensus(round: number): string {
  return `---\n\n## CONSENSUS\nAgreed: nothing.\nRemaining disagreements: points 1 and 2 after ${round} rounds.\n`;
}

export function seedTimeoutConsensus(waitedFor: 'reviewer' | 'responder'): string {
  return `---\n\n## CONSENSUS\nTimed out waiting for the ${waitedFor}.\n`;
}

/**
 * The file after two seed peers debated to the end, and the file as it stood after each write.
 * The reviewer's loop: CONSENSUS when the stance is agree or the reply has no `disagreed` /
 * `partially agreed`, CONSENSUS at round 5, a follow-up otherwise.
 */
export function seedDebate(stance: SeedStance): { text: string; writes: string[] } {
  const writes = [seedReview()];
  for (let round = 1; ; round++) {
    const response = seedResponse(round, stance);
    writes.push(response);
    if (stance === 'agree' || !/disagreed|partially agreed/i.test(response)) {
      writes.push(seedResolvedConsensus);
      break;
    }
    if (round >= maxRounds) {
      writes.push(seedMaxRoundsConsensus(round));
      break;
    }
    writes.push(seedFollowUp(round));
  }
  return { text: writes.join(''), writes: writes.map((_, i) => writes.slice(0, i + 1).join('')) };
}
