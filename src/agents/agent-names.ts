import { editDistance } from '../edit-distance.js';

/**
 * The agent names `--agent` takes, as messages list them. Apart from createAgent, which loads
 * every adapter, so that reading the settings file does not.
 */
export const agentNames = [
  'auto',
  'builtin',
  'claude[:<model>]',
  'codex[:<model>]',
  'gemini[:<model>]',
  'openai:<model>',
  'ollama:<model>',
  'human',
  'cmd:<program> [args...]',
] as const;

/** The first word of each form of agentNames: `claude`, `openai`, `cmd`, ... */
const families = agentNames.map((name) => /^[a-z]+/.exec(name)?.[0] ?? name);

/**
 * The agent `spec` is a typo of, its model kept (`claud` → `claude`, `olama:qwen` → `ollama:qwen`);
 * `Claude` → `claude`; null when no form is one edit away (two for a longer name), or when the name is right and the
 * form is not (`openai` without a model): the list of forms says that better.
 */
export function suggestAgent(spec: string): string | null {
  const colon = spec.indexOf(':');
  const typed = (colon === -1 ? spec : spec.slice(0, colon)).trim();
  const family = typed.toLowerCase();
  const rest = colon === -1 ? '' : spec.slice(colon);
  const limit = family.length <= 4 ? 1 : 2;
  let best: { name: string; distance: number } | null = null;
  for (const name of families) {
    const distance = editDistance(family, name);
    if (distance <= limit && (best === null || distance < best.distance)) best = { name, distance };
  }
  if (best === null || best.name === typed) return null;
  return `${best.name}${rest}`;
}
