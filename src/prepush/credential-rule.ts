import type { SecretLintRuleCreator } from '@secretlint/types';
import { isTestPath } from '../agents/builtin/classify-path.js';
import { matchCredentials, type CredentialMatch } from '../protocol/match-credential.js';

export const credentialRuleId = 'code-debate/credential';

// Test fixtures are full of fake passwords: there, only unmistakable formats count, as in the built-in reviewer.
const unmistakable: ReadonlySet<CredentialMatch['kind']> = new Set(['aws-key', 'known-token', 'private-key']);

const kinds = ['aws-key', 'known-token', 'private-key', 'assigned-secret', 'url-password'] as const;
const messages = Object.fromEntries(kinds.map((kind) => [kind, { en: () => kind }]));

/**
 * The project's own credential patterns (`matchCredentials`) as a secretlint rule, for what the
 * recommended preset does not look for: Stripe and Google API keys, an AWS access key ID alone, a
 * private key's first line without its body, a secret assigned to a secret-like name. As a rule,
 * it honours secretlint's `secretlint-disable-line` comments like the preset's rules.
 */
export const credentialRule: SecretLintRuleCreator = {
  messages,
  meta: { id: credentialRuleId, type: 'scanner', recommended: true, supportedContentTypes: ['text'] },
  create(context) {
    const t = context.createTranslator(messages);
    return {
      file(source) {
        const inTest = isTestPath(source.filePath ?? '');
        let offset = 0;
        for (const line of source.content.split('\n')) {
          for (const match of matchCredentials(line)) {
            if (inTest && !unmistakable.has(match.kind)) continue;
            const at = match.secret === null ? 0 : Math.max(0, line.indexOf(match.secret));
            const end = match.secret === null ? line.length : at + match.secret.length;
            context.report({ message: t(match.kind), range: [offset + at, offset + end] });
          }
          offset += line.length + 1;
        }
      },
    };
  },
};

/** `a Stripe live secret key`: the vendor a `known-token` belongs to, read from its prefix. */
export function describeCredential(kind: string, secret: string | null): string | null {
  switch (kind) {
    case 'aws-key':
      return 'an AWS access key ID';
    case 'private-key':
      return 'a private key';
    case 'url-password':
      return 'a password in a URL';
    case 'assigned-secret':
      return 'a hard-coded secret';
    case 'known-token':
      return describeToken(secret ?? '');
    default:
      return null;
  }
}

function describeToken(token: string): string {
  if (token.startsWith('sk_live_')) return 'a Stripe live secret key';
  if (token.startsWith('rk_live_')) return 'a Stripe live restricted key';
  if (/^gh[pousr]_|^github_pat_/.test(token)) return 'a GitHub token';
  if (token.startsWith('xox')) return 'a Slack token';
  if (token.startsWith('AIza')) return 'a Google API key';
  if (token.startsWith('sk-ant-')) return 'an Anthropic API key';
  return 'an OpenAI API key';
}
