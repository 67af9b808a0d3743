export interface CredentialMatch {
  kind: 'aws-key' | 'known-token' | 'private-key' | 'assigned-secret' | 'url-password';
  /** The secret text as it stands in the line; null when the line shows no secret itself. */
  secret: string | null;
}

const awsKey = /\b(?:AKIA|ASIA)[0-9A-Z]{16}\b/g;
// Vendors' documented secret formats: Stripe, GitHub, Slack, Google, OpenAI, Anthropic.
const knownToken =
  /\b(?:(?:sk|rk)_live_[0-9A-Za-z]{16,}|gh[pousr]_[0-9A-Za-z]{36,}|github_pat_[0-9A-Za-z_]{40,}|xox[abposr]-[0-9A-Za-z-]{10,}|AIza[0-9A-Za-z_-]{35}|sk-(?:proj-|ant-)?[0-9A-Za-z_-]{32,})/g;
const privateKey = /-----BEGIN (?:[A-Z0-9]+ )*PRIVATE KEY-----/;
const urlPassword = /\b[a-z][a-z0-9+.-]*:\/\/[^\s:/@'"]+:([^\s@/'"]{3,})@/gi;
// A secret-ish name, then `=`, `:`, `:=` or `=>`, then a quoted literal without spaces.
const assignedSecret =
  /([A-Za-z0-9_.-]*?(password|passwd|pwd|secret|api[_-]?key|apikey|access[_-]?key|auth[_-]?token|access[_-]?token|token|private[_-]?key)[A-Za-z0-9_-]*)["']?\s*(?::=|=>|[:=])\s*(["'`])([^\s"'`]+)\3/gi;
const harmlessNameEnd =
  /(?:label|field|name|names|prompt|placeholder|hint|message|msg|title|text|header|url|uri|path|file|env|var|id|type|length|len|min|max|regex|pattern|policy|count|endpoint)$/i;
const placeholder =
  /^(?:x+|\*+|\.+|-+|changeme|change[-_]?me|password|passwd|secret|token|example|sample|dummy|placeholder|test|testing|redacted|none|null|nil|undefined|true|false|todo|your[-_].*|<.*>|%s|\$\w+|\{.*\}|.*\$\{.*|.*\{\{.*)$/i;

/** Every credential-like string in one line, in order. Placeholders and labels are not credentials. */
export function matchCredentials(line: string): CredentialMatch[] {
  const found: Array<CredentialMatch & { index: number }> = [];
  for (const match of line.matchAll(awsKey)) {
    if (!/EXAMPLE/.test(match[0])) found.push({ kind: 'aws-key', secret: match[0], index: match.index });
  }
  for (const match of line.matchAll(knownToken)) found.push({ kind: 'known-token', secret: match[0], index: match.index });
  const key = privateKey.exec(line);
  if (key) found.push({ kind: 'private-key', secret: null, index: key.index });
  for (const match of line.matchAll(urlPassword)) {
    const secret = match[1] ?? '';
    if (!placeholder.test(secret)) found.push({ kind: 'url-password', secret, index: match.index });
  }
  for (const match of line.matchAll(assignedSecret)) {
    const [, name = '', word = '', , value = ''] = match;
    if (found.some((other) => other.secret !== null && value.includes(other.secret))) continue;
    if (isAssignedSecret(name, word, value)) found.push({ kind: 'assigned-secret', secret: value, index: match.index });
  }
  return found.sort((a, b) => a.index - b.index).map(({ kind, secret }) => ({ kind, secret }));
}

function isAssignedSecret(name: string, word: string, value: string): boolean {
  if (harmlessNameEnd.test(name) || placeholder.test(value) || value.toLowerCase() === name.toLowerCase()) return false;
  // Passwords can be short words; keys and tokens are long, mixed letters and digits.
  if (/^(?:password|passwd|pwd|secret)$/i.test(word)) return value.length >= 6;
  return value.length >= 16 && /^[A-Za-z0-9+/=_.-]+$/.test(value) && /\d/.test(value) && /[A-Za-z]/.test(value);
}

/** At most the first four characters and an ellipsis: enough to find the string, never enough to use it. */
export function maskSecret(secret: string): string {
  const shown = Math.min(4, Math.floor(secret.length / 4));
  return `${secret.slice(0, shown)}…`;
}

/** The line with every credential-like string masked, so a quote never repeats a secret. */
export function maskCredentials(line: string): string {
  let masked = line;
  for (const { secret } of matchCredentials(line)) {
    if (secret !== null) masked = masked.split(secret).join(maskSecret(secret));
  }
  return masked;
}
