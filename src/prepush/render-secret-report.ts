import { escapeControlChars } from '../protocol/control-chars.js';
import type { PushedSecret } from './find-pushed-secrets.js';
import { bypassAdvice } from './render-push-report.js';

/**
 * Pure: why the push stops, one line per secret (`1a2b3c4 Add the key: src/config.js:2: a Stripe
 * live secret key (sk_l…)`), and how to take the secrets out of history. `heads` are the pushed
 * commits: a secret only there is one `git commit --amend` away; an earlier one takes a rebase.
 */
export function renderSecretReport(secrets: readonly PushedSecret[], heads: ReadonlySet<string>): string[] {
  const lines = ['push blocked: a pushed commit adds a secret, and the remote would keep it in its history whatever later commits do:'];
  for (const secret of secrets) {
    const masked = secret.masked === null ? '' : ` (${secret.masked})`;
    lines.push(`  ${secret.sha.slice(0, 7)} ${escapeControlChars(secret.subject)}: ${escapeControlChars(secret.path)}:${secret.line}: ${secret.kind}${masked}`);
  }
  const commits = [...new Map(secrets.map((secret) => [secret.sha, secret])).values()];
  const first = commits[0];
  if (first === undefined) return [];
  const rewrite =
    commits.length === 1 && heads.has(first.sha)
      ? 'remove the secret, `git add` the file and `git commit --amend`'
      : `\`git rebase -i ${first.root ? '--root' : `${first.sha.slice(0, 7)}^`}\`, mark ${commits.map((commit) => commit.sha.slice(0, 7)).join(', ')} \`edit\`, and at each remove the secret, \`git add\` the file, \`git commit --amend\` and \`git rebase --continue\``;
  lines.push(`A later commit that removes a secret does not take it out of history. Rotate the credential, then rewrite the history: ${rewrite}; and push again.`);
  lines.push(`Not a secret? End its line with a \`secretlint-disable-line\` comment; or ${bypassAdvice}.`);
  return lines;
}
