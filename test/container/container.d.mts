/** Types for container.mjs, which install-container-tools.mjs runs with plain Node. */
export declare const baseImage: string;
export declare const base: { suite: string; variant: string; mirror: string; node: string; npm: string; recipe: number };
export declare const podmanConfFile: string;
export declare function cacheDir(): string;
export declare function baseKey(): string;
export declare function requireRoot(): void;
export declare function installTools(log?: (line: string) => void): void;
export declare function configurePodman(log?: (line: string) => void): void;
export declare function podman(args: readonly string[], options?: { timeout?: number; cwd?: string }): string;
export declare function ensureBaseImage(log?: (line: string) => void): string;
