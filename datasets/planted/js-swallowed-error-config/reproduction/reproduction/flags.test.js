// Without a flags file the defaults hold: MFA stays required.
const { loadFlags } = await import('../src/flags.js');
const flags = loadFlags('no-such-flags.json');
if (flags.requireMfa !== true) {
  console.error(`without a flags file, requireMfa is ${flags.requireMfa}: the defaults are lost`);
  process.exit(1);
}
