/**
 * Runs `use` with `env` laid over process.env, then puts back what it replaced: a preset called in
 * the test's own process starts its CLI with process.env, so this is how it reaches the stand-ins.
 */
export async function withEnv<T>(env: Record<string, string>, use: () => Promise<T>): Promise<T> {
  const saved = Object.fromEntries(Object.keys(env).map((key) => [key, process.env[key]]));
  Object.assign(process.env, env);
  try {
    return await use();
  } finally {
    for (const [key, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
  }
}
