import type { SecretLintCoreConfig, SecretLintCoreResultMessage } from '@secretlint/types';
import type { AddedLine } from '../git/read-added-lines.js';
import { maskSecret } from '../protocol/match-credential.js';
import { credentialRule, credentialRuleId, describeCredential } from './credential-rule.js';

export interface SecretHit {
  line: number;
  /** `a GitHub token`. */
  kind: string;
  /** Its first characters and an ellipsis (`ghp_…`); null when even those say nothing (a private key). */
  masked: string | null;
}

// What each of the recommended preset's findings is, by its message id.
const kinds: Record<string, string> = {
  AWSAccountID: 'an AWS account ID',
  AWSSecretAccessKey: 'an AWS secret access key',
  AWSAccessKeyID: 'an AWS access key ID',
  PrivateKeyP12: 'a Google Cloud service account key',
  PrivateKeyJSON: 'a Google Cloud service account key',
  PrivateKey: 'a private key',
  PackageJSON_xOauthToken: 'an npm token',
  Npmrc_authToken: 'an npm token',
  NPM_ACCESS_TOKEN: 'an npm token',
  BasicAuth: 'a password in a URL',
  SLACK_TOKEN: 'a Slack token',
  IncomingWebhook: 'a Slack incoming webhook URL',
  SENDGRID_KEY: 'a SendGrid API key',
  SHOPIFY_KEY: 'a Shopify token',
  GITHUB_TOKEN: 'a GitHub token',
  GITLAB_PERSONAL_ACCESS_TOKEN: 'a GitLab token',
  GRAFANA_CLOUD_API_TOKEN: 'a Grafana token',
  GRAFANA_SERVICE_ACCOUNT_TOKEN: 'a Grafana token',
  OPENAI_TOKEN: 'an OpenAI API key',
  ANTHROPIC_API_KEY: 'an Anthropic API key',
  GROQ_API_KEY: 'a Groq API key',
  HUGGINGFACE_USER_ACCESS_TOKEN: 'a Hugging Face token',
  LINEAR_API_TOKEN: 'a Linear API key',
  NOTION_INTEGRATION_TOKEN: 'a Notion token',
  OPS_TOKEN: 'a 1Password service account token',
  MongoDBConnection: 'a MongoDB connection string with a password',
  MySQLConnection: 'a MySQL connection string with a password',
  PostgreSQLConnection: 'a PostgreSQL connection string with a password',
  HASHICORP_VAULT_SERVICE_TOKEN: 'a HashiCorp Vault token',
  HASHICORP_VAULT_BATCH_TOKEN: 'a HashiCorp Vault token',
  HASHICORP_VAULT_RECOVERY_TOKEN: 'a HashiCorp Vault token',
  VERCEL_PERSONAL_ACCESS_TOKEN: 'a Vercel token',
  VERCEL_INTEGRATION_TOKEN: 'a Vercel token',
  VERCEL_APP_ACCESS_TOKEN: 'a Vercel token',
  VERCEL_APP_REFRESH_TOKEN: 'a Vercel token',
  VERCEL_AI_GATEWAY_API_KEY: 'a Vercel token',
  DATABRICKS_PERSONAL_ACCESS_TOKEN: 'a Databricks token',
  DOCKER_PERSONAL_ACCESS_TOKEN: 'a Docker Hub token',
  FIGMA_PERSONAL_ACCESS_TOKEN: 'a Figma token',
};

let loaded: Promise<SecretLintCoreConfig & { lint: typeof import('@secretlint/core').lintSource }> | null = null;

/** secretlint and its rules, loaded on the first file to scan: a push with nothing to check does not pay for them. */
function loadSecretlint() {
  loaded ??= Promise.all([import('@secretlint/core'), import('@secretlint/secretlint-rule-preset-recommend')]).then(([core, preset]) => ({
    lint: core.lintSource,
    rules: [
      { id: '@secretlint/secretlint-rule-preset-recommend', rule: preset.creator },
      { id: credentialRuleId, rule: credentialRule },
    ],
  }));
  return loaded;
}

/**
 * The secrets in the lines a commit adds to `path`: secretlint's recommended rules and the
 * project's own patterns, on those lines alone (as one text, so a key's block spanning lines is
 * seen whole). One hit per place: where both find the same string, secretlint's name for it.
 */
export async function scanSecrets(path: string, lines: readonly AddedLine[]): Promise<SecretHit[]> {
  if (lines.length === 0) return [];
  const { lint, rules } = await loadSecretlint();
  // Each line ends with a newline, as in the file: secretlint's `secretlint-disable-line` misses a last line without one.
  const content = lines.map(({ text }) => `${text}\n`).join('');
  const result = await lint({ source: { filePath: path, content, contentType: 'text', ext: extensionOf(path) }, options: { config: { rules }, noPhysicFilePath: false } });
  const starts: number[] = [];
  let offset = 0;
  for (const { text } of lines) {
    starts.push(offset);
    offset += text.length + 1;
  }
  const ours = (message: SecretLintCoreResultMessage) => message.ruleId === credentialRuleId;
  const ordered = [...result.messages.filter((message) => !ours(message)), ...result.messages.filter(ours)];
  const kept: Array<{ range: readonly [number, number]; hit: SecretHit }> = [];
  for (const message of ordered) {
    const [start, end] = message.range;
    if (kept.some(({ range }) => start < range[1] && range[0] < end)) continue;
    const index = lineIndex(starts, start);
    const secret = reportedSecret(message, content) ?? content.slice(start, end);
    const kind = ours(message) ? describeCredential(message.messageId, secret) : kinds[message.messageId];
    const shown = secret.startsWith('-----') || message.messageId === 'private-key' ? null : maskSecret(secret);
    kept.push({ range: message.range, hit: { line: lines[index]?.line ?? 0, kind: kind ?? `a secret (${message.ruleId}: ${message.messageId})`, masked: shown } });
  }
  return kept.map(({ hit }) => hit).sort((a, b) => a.line - b.line);
}

/** The secret a preset's rule names in its data (`KEY`, `TOKEN`, `URI`...): some rules' ranges start before it. */
function reportedSecret(message: SecretLintCoreResultMessage, content: string): string | null {
  const values = Object.values(message.data ?? {}).filter((value): value is string => typeof value === 'string' && value.length >= 8 && content.includes(value));
  return values[0] ?? null;
}

/** The index of the line holding `offset`, given where each line starts. */
function lineIndex(starts: readonly number[], offset: number): number {
  let index = 0;
  while (index + 1 < starts.length && starts[index + 1]! <= offset) index += 1;
  return index;
}

function extensionOf(path: string): string {
  const name = path.split('/').at(-1) ?? '';
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot) : '';
}
