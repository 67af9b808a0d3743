/** Types for clis.mjs, which install-clis.mjs runs with plain Node. */
export declare const pinned: Record<'claude' | 'codex' | 'gemini' | 'sarif-multitool', { pkg: string; version: string }>;
export declare function cacheDir(): string;
export declare function clisBin(): string;
export declare function installClis(): string;
