import type { Settings } from './settings.js';
import type { ExitCode } from '../exit-codes.js';
import type { Role } from '../protocol/document.js';

// Here, below cli/, which runs a duo: the pre-push gate hands each of its debates to one.

/** `code-debate duo`: both sides of a debate as two processes on one file. */
export interface DuoOptions {
  subject: string;
  cwd: string;
  settings: Settings;
  signal: AbortSignal;
  stdout: (text: string) => void;
  stderr: (text: string) => void;
}

export interface DuoResult {
  code: ExitCode;
  /** Each side's `ended` event, as it printed it. */
  ended: Partial<Record<Role, { outcome: string; message: string }>>;
}
