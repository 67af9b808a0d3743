/** One line git writes on a pre-push hook's stdin: `<local-ref> <local-sha> <remote-ref> <remote-sha>`. */
export interface PushLine {
  /** `refs/heads/main`, `HEAD`, or `(delete)` when the push deletes `remoteRef`. */
  localRef: string;
  /** The object pushed (a commit, or an annotated tag); null when the push deletes `remoteRef`. */
  localSha: string | null;
  remoteRef: string;
  /** What `remoteRef` points at on the remote now; null when it does not exist there yet. */
  remoteSha: string | null;
}

export interface PushInput {
  lines: PushLine[];
  /** One sentence per line that is not in git's format. */
  errors: string[];
}

const sha = /^(?:[0-9a-f]{40}|[0-9a-f]{64})$/;
// git writes the null object id, 40 zeros (64 with `--object-format=sha256`), for "no object".
const zero = /^0+$/;

/**
 * Pure: git's pre-push lines, read. Blank lines are ignored, so empty stdin is an empty push.
 * A line not in git's format is an error naming it, never a guess.
 */
export function readPushLines(text: string): PushInput {
  const lines: PushLine[] = [];
  const errors: string[] = [];
  text.split(/\r?\n/).forEach((raw, index) => {
    if (raw.trim() === '') return;
    const fields = raw.trim().split(/\s+/);
    const [localRef = '', localSha = '', remoteRef = '', remoteSha = ''] = fields;
    if (fields.length !== 4 || !sha.test(localSha) || !sha.test(remoteSha)) {
      errors.push(
        `Cannot read line ${index + 1} of the pre-push input, \`${raw.trim()}\`: expected \`<local-ref> <local-sha> <remote-ref> <remote-sha>\` with 40 or 64 hex digits for each sha.`,
      );
      return;
    }
    lines.push({ localRef, localSha: zero.test(localSha) ? null : localSha, remoteRef, remoteSha: zero.test(remoteSha) ? null : remoteSha });
  });
  return { lines, errors };
}
