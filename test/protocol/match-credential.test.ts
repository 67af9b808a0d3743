import { describe, expect, test } from 'vitest';
import { maskCredentials, maskSecret, matchCredentials } from '../../src/protocol/match-credential.js';

// Built by concatenation so that this test file does not itself look like it leaks a credential.
const awsKey = 'AKIA' + 'Z7QW3ERTY5UIOP2L';
const token = 'ghx_' + '4f9a8b7c6d5e4f3a2b1c0d9e8f7a6b5c';

describe('matchCredentials', () => {
  test('finds AWS keys, private key headers, URL passwords and secrets assigned to secret-ish names', () => {
    expect(matchCredentials(`aws_access_key_id = ${awsKey}`)).toEqual([{ kind: 'aws-key', secret: awsKey }]);
    expect(matchCredentials('-----BEGIN OPENSSH ' + 'PRIVATE KEY-----')).toEqual([{ kind: 'private-key', secret: null }]);
    expect(matchCredentials('url = "postgres://app:' + 's3cretpw@db:5432/app"')).toEqual([{ kind: 'url-password', secret: 's3cretpw' }]);
    expect(matchCredentials(`GITHUB_TOKEN: "${token}"`)).toEqual([{ kind: 'assigned-secret', secret: token }]);
    expect(matchCredentials('"pass' + 'word": "correct-horse"')).toEqual([{ kind: 'assigned-secret', secret: 'correct-horse' }]);
  });

  test("finds vendors' documented token formats whatever the variable is called", () => {
    const stripe = 'sk_' + 'live_4eC39HqLyjWDarjtT1zdp7dc';
    const github = 'ghp_' + 'a'.repeat(20) + '1234567890123456';
    expect(matchCredentials(`const paymentsKey = '${stripe}';`)).toEqual([{ kind: 'known-token', secret: stripe }]);
    expect(matchCredentials(`headers: { auth: "${github}" }`)).toEqual([{ kind: 'known-token', secret: github }]);
    expect(matchCredentials(`GITHUB_TOKEN: "${github}"`)).toEqual([{ kind: 'known-token', secret: github }]);
    expect(matchCredentials("const prefix = 'sk_live_';")).toEqual([]);
  });

  test('leaves placeholders, labels, environment reads and short words alone', () => {
    for (const line of [
      'password = "${DB_PASSWORD}"',
      "token: '<your token here>'",
      "passwordLabel = 'Password'",
      'api_key = os.environ["API_KEY"]',
      "token = 'abc'",
      "sessionToken = 'short-and-plain-words'",
      'const key = "AKIAIOSFODNN7EXAMPLE";',
    ]) {
      expect(matchCredentials(line), line).toEqual([]);
    }
  });
});

describe('masking', () => {
  test('keeps at most four characters of a secret', () => {
    expect(maskSecret(awsKey)).toBe('AKIA…');
    expect(maskSecret('hunter22')).toBe('hu…');
  });

  test('masks every credential in a line and nothing else', () => {
    expect(maskCredentials(`const a = '${awsKey}', b = 1;`)).toBe("const a = 'AKIA…', b = 1;");
    expect(maskCredentials('const b = 1;')).toBe('const b = 1;');
  });
});
