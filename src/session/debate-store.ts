import type { Role } from '../protocol/document.js';
import type { AppendResult, SectionAppend } from './append-section.js';
import type { ClaimRecord } from './claims/claim-role.js';
import type { FileState } from './read-debate-file.js';

/** Where the debate is written and where the peer's claim is read: the local file, or a git remote (`--remote`). */
export interface DebateStore {
  /** Appends one section with compare-and-swap (see appendSection). */
  append(request: SectionAppend): Promise<AppendResult>;
  /** The peer's claim as it is now, or null when nobody holds the role. */
  readPeerClaim(role: Role): Promise<ClaimRecord | null>;
  /** Reads the claims afresh, where readPeerClaim gives them as last read (a remote's, as last polled). */
  refreshClaims?(): Promise<void>;
  /** When the claims readPeerClaim gives were read (epoch ms); absent when it reads them as they are. */
  claimsReadAt?(): number;
  /** The command that puts the debate back as `seen` held it, when not copying the saved text over the file. */
  restoreCommand?(seen: FileState): string | null;
}
