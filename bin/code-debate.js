#!/usr/bin/env node
const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 20 || (major === 20 && minor < 19)) {
  process.stderr.write(`code-debate: Node.js >= 20.19 is required, this is ${process.version}. Install a newer Node.js and try again.\n`);
  process.exit(2);
}
const { runCli } = await import('../dist/cli/main.js').catch((error) => {
  if (error?.code !== 'ERR_MODULE_NOT_FOUND') throw error;
  process.stderr.write('code-debate: the program is not built (dist/ is missing). Run `npm ci` or `npm run build` in its folder.\n');
  process.exit(70);
});
await runCli(process.argv.slice(2));
