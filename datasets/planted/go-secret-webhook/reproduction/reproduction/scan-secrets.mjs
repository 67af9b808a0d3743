import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

// Fails when a file holds a credential written into the source: a live key, a password in a URL, a signing secret.
const patterns = [/sk_live_[0-9A-Za-z]{16,}/, /:\/\/[^\s:@\/]+:[^\s@\/]{8,}@/, /[Ss]ecret\s*=\s*"[0-9a-f]{32,}"/];
const found = [];
const walk = (dir) => {
  for (const name of readdirSync(dir)) {
    if (name === "reproduction" || name === "node_modules" || name.startsWith(".")) continue;
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) walk(file);
    else if (patterns.some((pattern) => pattern.test(readFileSync(file, "utf8")))) found.push(file);
  }
};
walk(".");
if (found.length > 0) {
  console.error(`a credential is written in ${found.join(", ")}`);
  process.exit(1);
}
