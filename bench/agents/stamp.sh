#!/usr/bin/env bash
# The bench's instant agent, for `--agent 'cmd:bash bench/agents/stamp.sh'`. Bash, not Node:
# it starts in ~2 ms, so what the bench times is code-debate, not the agent's own start-up.
#
# It stamps the wall clock first thing ($EPOCHREALTIME: µs, no fork), keeps the prompt it got on
# stdin, appends one JSON line to $BENCH_STAMP_LOG, and prints a section body that keeps the
# debate going: one point R1; the Responder disagrees and the Reviewer maintains, each round in
# fresh words, so the debate neither resolves nor stalls (seed 004) and runs every round.
#
# env: BENCH_STAMP_LOG   JSON lines: {role, turn, round, start (s since epoch), promptFile, fileBytes}
#      BENCH_STAMP_DIR   where the prompts are kept (default: beside the log)
#      BENCH_BODY_BYTES  pad each point's text to about this many bytes (default 0: one line)
#      BENCH_THINK_S     seconds to take before answering, as an agent that thinks (default 0: instant)
start=$EPOCHREALTIME
log=${BENCH_STAMP_LOG:-/dev/null}
dir=${BENCH_STAMP_DIR:-$(dirname "$log")}
role=${CODE_DEBATE_ROLE:-unknown}
turn=${CODE_DEBATE_TURN:-unknown}
round=${CODE_DEBATE_ROUND:-0}
prompt="$dir/prompt-$role-$turn-$round-$$.txt"
cat >"$prompt"
fileBytes=$(stat -c %s "${CODE_DEBATE_FILE:-/dev/null}" 2>/dev/null || echo 0)
printf '{"role":"%s","turn":"%s","round":%s,"start":%s,"pid":%s,"promptFile":"%s","fileBytes":%s}\n' \
  "$role" "$turn" "$round" "$start" "$$" "$prompt" "$fileBytes" >>"$log"

# Words no earlier round used: the engagement test compares word sets between rounds.
words() { local i out=''; for i in 1 2 3 4 5 6 7 8; do out+=" $1${round}w$i"; done; printf '%s' "$out"; }
# A paragraph of about BENCH_BODY_BYTES bytes, for agents that write at a model's length.
pad() {
  local out=''
  while [ ${#out} -lt "${BENCH_BODY_BYTES:-0}" ]; do out+="$1${round}x$RANDOM "; done
  [ -n "$out" ] && printf '\n\n%s.' "${out% }"
}

[ -n "${BENCH_THINK_S:-}" ] && sleep "$BENCH_THINK_S"

case "$turn" in
  review)
    printf '### R1. Debug output left in\n**Severity:** medium\n**Evidence:** `src/app.js:2`\n\n`console.log(name)` ships to production:%s.%s\n' "$(words review)" "$(pad review)" ;;
  response)
    printf '### R1. Debug output left in\n**Disagreed**: round %s reasoning:%s.%s\n' "$round" "$(words answer)" "$(pad answer)" ;;
  follow-up)
    printf '### R1. Debug output left in\n**Maintained**: round %s evidence:%s.%s\n' "$round" "$(words keep)" "$(pad keep)" ;;
  consensus)
    printf 'After %s rounds R1 is still disputed; the Responder has not changed the code.\n' "$round" ;;
  *)
    printf 'Unknown turn %s.\n' "$turn" ;;
esac
