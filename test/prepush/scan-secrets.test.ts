import { describe, expect, test } from 'vitest';
import { scanSecrets } from '../../src/prepush/scan-secrets.js';

const numbered = (...texts: string[]) => texts.map((text, index) => ({ line: index + 10, text }));
const github = `ghp_${'a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8'}`;

describe('scanSecrets', () => {
  test("finds secretlint's kinds and the project's own, one hit per place, masked, on the commit's line numbers", async () => {
    const lines = numbered(
      `const key = 'sk_live_${'4eC39HqLyjWDarjtT1zdp7dc'}';`,
      `export const token = '${github}';`,
      `url = 'postgres://app:${'s3cretpw'}@db:5432/app'`,
      `-----BEGIN OPENSSH ${'PRIVATE KEY'}-----`,
      `api_key = "${'a8f5f167f44f4964e6c998dee827110c'}"`,
      'const key = process.env.PAYMENT_KEY;',
    );
    expect(await scanSecrets('src/config.js', lines)).toEqual([
      { line: 10, kind: 'a Stripe live secret key', masked: 'sk_l…' },
      { line: 11, kind: 'a GitHub token', masked: 'ghp_…' },
      { line: 12, kind: 'a PostgreSQL connection string with a password', masked: 'post…' },
      { line: 13, kind: 'a private key', masked: null },
      { line: 14, kind: 'a hard-coded secret', masked: 'a8f5…' },
    ]);
  });

  test('a `secretlint-disable-line` comment silences its line; a test file keeps only unmistakable formats', async () => {
    expect(await scanSecrets('src/a.js', numbered(`const token = '${github}'; // secretlint-disable-line`, `password = "${'hunter22hunter'}" // secretlint-disable-line`))).toEqual(
      [],
    );
    expect(await scanSecrets('test/a.test.js', numbered(`password = "${'hunter22hunter'}"`, `const token = '${github}';`))).toEqual([
      { line: 11, kind: 'a GitHub token', masked: 'ghp_…' },
    ]);
  });
});
