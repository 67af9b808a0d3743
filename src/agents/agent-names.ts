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
