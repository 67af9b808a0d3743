import { defaults } from './parse-args.js';
import type { Subcommand } from './subcommands.js';

export const helpText = `code-debate: two agents review a change by debating through one Markdown file.

Usage:
  code-debate [options] <subject...>    take one side of a debate (run it in two terminals)
  code-debate duo [options] <subject>   both sides as two processes, one command (CI, scripts)
  code-debate show [<file>] [--format F] [--output O]   the ledger of a debate file: text, json, markdown, sarif, github, html
  code-debate status [<file>] [--json]  who holds each role, the round, whose turn, the state
  code-debate status --archived [--json]  the archived debates, with the path show and status read each by
  code-debate archive [<file>]          move a debate into the archive under the git directory
  code-debate keep-edit [<file>]        go on from a debate file whose earlier text was edited by hand
  code-debate status|show|archive --remote <remote> [--debate <name>]   the same for debates on a git remote
  code-debate hook install|uninstall    the pre-push gate (keeps and runs an existing hook first)
  code-debate pre-push <remote> <url>   what the hook runs: debate the pushed commits
  code-debate demo [--keep]             a real debate on the built-in agent in a temporary repository
  code-debate <command> --help          what one command does and the options it takes

Subjects:
  commit <rev> | <rev>                  one commit
  A..B | A...B | HEAD~3..               a range
  the diff against <branch>             merge base with <branch> to HEAD
  staged | working tree                 the index, or everything uncommitted (untracked included)
  <path> [<path>...]                    uncommitted changes to those files or folders
  PR #42 | #42 | <PR URL>               a pull request, through the GitHub CLI (gh)
  several words of prose                free text for the agent, with the branch's diff against its upstream
  --subject <text>, or -- <text>        any subject as given: free text of one word (\`--subject refactor\`), or
                                        one that starts with a command's word (\`-- show me the parser\`)
  A typed word that names no revision, path, pull request or keyword, or a path that does not exist,
  is refused with the nearest command, revision or path.

Options:
  --role reviewer|responder   take this role (default: Reviewer if the file does not exist yet)
  --agent <agent>             auto (default: the first of claude, codex, gemini on PATH, else builtin),
                              builtin (offline, rule-based), claude[:<model>], codex[:<model>],
                              gemini[:<model>], openai:<model>, ollama:<model>, human,
                              or 'cmd:<program> [args...]'
  --reviewer-agent <agent>    the Reviewer's agent (over --agent)
  --responder-agent <agent>   the Responder's agent (over --agent)
  --file <path>               the shared file, inside the work tree (default ${defaults.file} at its root)
  --max-rounds <n>            rounds before the Reviewer writes the CONSENSUS (default ${defaults.maxRounds})
  --turn-timeout <duration>   how long to wait for the peer's turn (default ${defaults.turnTimeout})
  --agent-timeout <duration>  how long the agent may take for one turn (default ${defaults.agentTimeout})
  --max-diff-bytes <n>        the most diff a prompt carries; the file list covers the rest (default ${defaults.maxDiffBytes})
  --max-peer-bytes <n>        the most of the peer's last section (and of the open points) a prompt carries (default ${defaults.maxPeerBytes})
  --max-answer-bytes <n>      the longest answer an agent may give for a section; longer fails the turn (default ${defaults.maxAnswerBytes})
  --max-output-tokens <n>     the most tokens an openai: or ollama: agent asks its server for in one answer (default ${defaults.maxOutputTokens})
  --max-tokens <n>            the most tokens the debate may spend, both sides, as the agents report them; then the CONSENSUS
  --max-cost <usd>            the most US dollars the debate may spend, likewise (e.g. 0.50)
  --stance devils-advocate    as Responder, name the review's assumptions and argue the opposite case
  --poll <ms>                 notice changes within <ms> by polling the file, without filesystem events
                              (with --remote: how often the remote is polled while the peer's agent works, default 800)
  --remote <remote>           debate on a git remote (a name or URL), each side in its own clone,
                              under refs/code-debate/; reply.md mirrors it
  --debate <name>             with --remote: the debate's name (default: from the subject's commits and the file)
  --heartbeat <duration>      with --remote: how often this side refreshes its claim (default ${defaults.heartbeat})
  --json                      events as newline-delimited JSON on stdout (logs stay on stderr)
  --block-on <severity>       the lowest severity that blocks: exit 1, or the push (default ${defaults.blockOn})
  --time-limit <duration>     pre-push: the most the debate may take (default ${defaults.timeLimit})
  --time-limit-fails open|closed  pre-push: past the limit, push anyway or block (default ${defaults.timeLimitFails})
  -C, --cwd <dir>             run as if started in <dir>
  -h, --help                  this text
  -V, --version               the version

Settings: .code-debate.json at the repository root (or "codeDebate" in package.json); flags win.

Exit codes: 0 nothing blocking, 1 points at or above --block-on confirmed or disputed,
2 usage or config error (or both roles taken), 3 peer timed out, 4 agent failure, 5 protocol error in the file, 6 git error, 70 internal error,
129/130/143 stopped by SIGHUP/SIGINT/SIGTERM.
`;

/** `code-debate <command> --help`: what that command does and the options it takes. */
export const subcommandHelp: Record<Exclude<Subcommand, 'help'>, string> = {
  duo: `Usage: code-debate duo [options] <subject>

Runs both sides of a debate as two real code-debate processes on one file, as two terminals
would: for CI and scripts. It takes the options of a debate (see code-debate --help); --json
passes on both sides' events, then one duo-ended event. The exit code is the Reviewer's, or
that of the side that failed. --report <format>:<file> (repeatable) writes a report of the
finished debate, as show --format <format> --output <file> would (e.g. --report sarif:review.sarif).
`,
  show: `Usage: code-debate show [<file>] [--format text|json|markdown|sarif|github|html] [--output <file>] [--block-on <severity>] [-C <dir>]
       code-debate show --remote <remote> [--debate <name>] [--format F] [--output <file>]

The ledger of a debate file, finished or running: every point, its severity and status, each
side's positions round by round, the convergence, the flags. <file> (or --file) is relative to
the current folder; without it, the debate file of the repository (${defaults.file} at its root),
or an archived debate's path as \`code-debate status --archived\` lists it (only read).
--json (--format json) prints the versioned report; --format markdown a summary for a pull
request comment or a job summary; --format sarif a SARIF 2.1.0 log for code scanning; --format
github workflow commands that annotate the diff (and, with GITHUB_STEP_SUMMARY set, the summary
appended there); --format html one self-contained page with the chart and every thread.
--output writes the report to a file instead of stdout. --block-on sets what the summary calls
blocking (default: the settings file's, else ${defaults.blockOn}). --post-to-pr
<number|url> posts the summary on that pull request through gh, editing code-debate's earlier
comment there rather than adding another.
With --remote <remote>, the ledger of a debate on that git remote: the only one, or the one
--debate names.
`,
  status: `Usage: code-debate status [<file>] [--json] [-C <dir>]
       code-debate status --archived [--json] [-C <dir>]
       code-debate status --remote <remote> [--debate <name>] [--json]

Who holds each role of a debate (pid, agent, alive or not), the round, whose turn it is and the
state of the debate. <file> (or --file) is relative to the current folder; without it, the
debate file of the repository (${defaults.file} at its root).
With --archived, the debates \`code-debate archive\` moved under the git directory, the latest
first: when each was archived, its outcome, its subject and its path. \`show <path>\` and
\`status <path>\` read an archived debate (only read: nothing is written there).
With --remote <remote>, every debate on that git remote (or the one --debate names).
`,
  archive: `Usage: code-debate archive [<file>] [-C <dir>]
       code-debate archive --remote <remote> [--debate <name>]

Moves a debate into the archive under the git directory (kept, never deleted), so the next
debate starts afresh. <file> (or --file) is relative to the current folder; without it, the
debate file of the repository (${defaults.file} at its root).
With --remote <remote>, moves a debate on that git remote (the only one, or the one --debate
names) under refs/code-debate-archive/; refused while a side holds a role of it.
`,
  'keep-edit': `Usage: code-debate keep-edit [<file>] [-C <dir>]

The debate file is append-only: when its earlier text is edited by hand (a severity changed, a
section rewritten), each side saves the text it had read and waits for it to be restored. This
keeps the edit instead: it appends a line recording what changed (an HTML comment, which reads
as no point), and both sides go on from the file as it is now. <file> (or --file) is relative to
the current folder; without it, the debate file of the repository (${defaults.file} at its root).
`,
  hook: `Usage: code-debate hook install|uninstall [-C <dir>]

Installs (or removes) the pre-push gate where git runs hooks, keeping and running an existing
hook first; husky and lefthook are written in their own way.
`,
  'pre-push': `Usage: code-debate pre-push <remote> <url> [options]

What the pre-push hook runs: debates the commits being pushed (read from standard input, as git
gives them) and blocks the push when a point at or above --block-on is confirmed or disputed.
Takes the options of a debate, and --time-limit, --time-limit-fails and --report <format>:<file>
(repeatable: a report of each debate, as for duo).
`,
  demo: `Usage: code-debate demo [--keep]

A real debate on the built-in agent, in a temporary repository whose branch plants a few
problems; prints the resulting file. --keep keeps the repository.
`,
};
