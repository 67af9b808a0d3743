import { GitError } from '../errors.js';

/**
 * Why talking to a remote failed: it could not be reached for now (retry later), it refused this
 * user (no retry helps: a permission must change), it refused a push for a reason that names no
 * permission (a hook's message, a lock: it may pass, retry later), it is not a usable remote at
 * all (a wrong URL or path, a host key or certificate git does not trust: the setup must change),
 * it lacks what a push asked of it (an atomic push), or something else git said.
 */
export type RemoteFailureKind = 'unreachable' | 'denied' | 'refused' | 'invalid' | 'unsupported' | 'other';

/** git could not talk to the remote; `kind` says whether waiting may help. */
export class RemoteError extends GitError {
  override name = 'RemoteError';
  constructor(
    message: string,
    readonly kind: RemoteFailureKind,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}

// HTTP statuses are read only where git or a forge names one (`HTTP 403`, `returned error: 401`),
// never as bare digits: `after 130401 ms` and a commit id hold them too.
const denied =
  /permission (to \S+ )?denied|access denied|not exported|service not enabled|authentication failed|could not read (username|password)|invalid username or password|\bHTTP\D{0,3}40[13]\b|returned error: 40[13]\b|repository not found|not allowed to (push|create|delete|update)|protected (ref|branch)|insufficient permission|you are not allowed|write access .* not granted|denied to /i;
const invalid =
  /does not appear to be a git repository|host key verification failed|SSL certificate problem|certificate verify failed|not a valid (url|remote)|unsupported protocol|protocol '\S+' is not supported|no such remote/i;
const unreachable =
  /could not resolve host|could not resolve hostname|temporary failure in name resolution|connection refused|connection timed out|timed out|unable to access|could not connect|failed to connect|network is unreachable|no route to host|connection reset|remote end hung up|early EOF|unable to look up|Could not read from remote repository|did not finish within|RPC failed|\bHTTP\D{0,3}5\d\d\b|returned error: 5\d\d\b|internal server error|service unavailable|bad gateway|gateway time-?out|broken pipe|errno=/i;

// A hook that declined, or a refusal git gives no reason for, without words of a permission: a forge's maintenance, a quota, a lock.
const refused = /hook declined|\[remote rejected\]|unable to create '[^']*\.lock'|index\.lock|try again/i;

/** What a failed talk with the remote means (see RemoteFailureKind), from what git printed. */
export function classifyRemoteFailure(text: string): RemoteFailureKind {
  if (denied.test(text)) return 'denied';
  if (invalid.test(text)) return 'invalid';
  if (refused.test(text)) return 'refused';
  if (unreachable.test(text)) return 'unreachable';
  return 'other';
}
