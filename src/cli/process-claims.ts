import { createClaimsHeld, type ClaimsHeld } from '../session/claims/claim-role.js';

/**
 * The claims this process holds (see ClaimsHeld): a fact of the process, so its entry point owns
 * it, and every side it runs (a debate's side, each call of an MCP server's session) is given this one.
 */
export const processClaims: ClaimsHeld = createClaimsHeld();
