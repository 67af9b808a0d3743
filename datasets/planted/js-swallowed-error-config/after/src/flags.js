import { readFileSync } from 'node:fs';

export const defaultFlags = { newCheckout: false, requireMfa: true };

export function loadFlags(file = 'flags.json') {
  try {
    return { ...defaultFlags, ...JSON.parse(readFileSync(file, 'utf8')) };
  } catch {
    return {};
  }
}
