#!/bin/sh
# code-debate pre-push hook
# Written by `code-debate hook install`; `code-debate hook uninstall` removes it and puts back the
# hook it replaced. Skip it for one push with `CODE_DEBATE_SKIP=1 git push` (the hook it replaced
# still runs), or skip every pre-push hook with `git push --no-verify`.

# Recorded at install time, so a git client started with another PATH still finds them.
node={{node}}
bin={{bin}}

saved="$(dirname -- "$0")/pre-push.code-debate-saved"

# The hook that was here before runs first, with the same arguments and the same standard input;
# git ignores a hook that is not executable, and so does this.
if [ -f "$saved" ] && [ -x "$saved" ]; then
  # git's lines end with a newline and none is empty, so the variable keeps them byte for byte.
  input=$(cat)
  feed() { if [ -n "$input" ]; then printf '%s\n' "$input"; fi; }
  feed | "$saved" "$@" || exit $?
else
  feed() { cat; }
fi

if [ "${CODE_DEBATE_SKIP:-}" = 1 ]; then
  echo "code-debate: CODE_DEBATE_SKIP=1, the pre-push review is skipped." >&2
  exit 0
fi

if [ -x "$node" ] && [ -f "$bin" ]; then
  feed | "$node" "$bin" pre-push "$1" "$2"
elif command -v code-debate >/dev/null 2>&1; then
  feed | code-debate pre-push "$1" "$2"
else
  # Fail open: a missing tool must not block every push.
  echo "code-debate: cannot find code-debate (not at $bin run by $node, not on PATH); the pre-push review is skipped. Install code-debate and run \`code-debate hook install\` again, or \`code-debate hook uninstall\` to remove this hook." >&2
  exit 0
fi
