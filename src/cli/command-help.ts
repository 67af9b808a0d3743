import type { CommandName } from '../config/command-names.js';

/** What help says of one command besides its options, which come from the settings table. */
export interface CommandHelp {
  /** One line for the list of commands. */
  summary: string;
  usage: readonly string[];
  /** A paragraph: what the command does, and what a user should know before running it. */
  about: string;
  /** Extra sections, each a title and its lines as written (two columns already aligned). */
  sections?: ReadonlyArray<{ title: string; lines: readonly string[] }>;
  /** Two or three command lines, each after a comment saying what it does. */
  examples: ReadonlyArray<{ says: string; run: string }>;
}

/** One side of a debate is the command without a word: `code-debate <subject>`. */
const subjects = [
  'commit <rev> | <rev>              one commit',
  'A..B | A...B | HEAD~3..           a range',
  'the diff against <branch>         from the merge base with <branch> to HEAD',
  'staged | working tree             the index, or everything uncommitted',
  '<path> [<path>...]                uncommitted changes to those paths',
  'PR #42 | #42 | <PR URL>           a pull request, through the GitHub CLI (gh)',
  'several words of prose            free text for the agents, with the diff',
  '                                  of the branch against its upstream',
  '--subject <text> | -- <text>      any subject, taken as given',
];

/** Every command's help, in the order the top-level help lists them. */
export const commandHelp: Record<CommandName, CommandHelp> = {
  debate: {
    summary: 'take one side of a debate: run it in two terminals',
    usage: ['code-debate [options] <subject...>', 'code-debate [options] --subject <text>'],
    about:
      'Takes one side of a debate on a change: the first side started is the Reviewer, the next the Responder. ' +
      'They take turns in one Markdown file until the Reviewer writes the CONSENSUS. ' +
      'A typed word that names no revision, path, pull request or keyword is refused with the nearest one. ' +
      'Settings come from .code-debate.json at the repository root (or "codeDebate" in package.json); flags win.',
    sections: [{ title: 'SUBJECTS', lines: subjects }],
    examples: [
      { says: 'In one terminal, then the same in another: two agents debate the last commit', run: 'code-debate HEAD' },
      { says: 'Take a side yourself, writing each turn in your editor', run: 'code-debate --agent human "the diff against main"' },
      { says: 'Meet on a git remote, each side in its own clone', run: 'code-debate --remote origin "PR #42"' },
    ],
  },
  turn: {
    summary: "an agent session's side: wait for its turn, print what to write",
    usage: ['code-debate turn [options] [<subject...>]', 'code-debate turn --session <id> [options]'],
    about:
      'Joins a debate as the side an interactive agent session plays, as code-debate <subject> does (the Reviewer when there is no debate file, else the Responder; --role to choose), ' +
      "then waits, up to --wait, for this side's turn. On its turn it prints what the session needs to write it: its role and round, the subject and the git command that shows it, " +
      "the open points with their evidence, the other side's latest section, the answer's JSON Schema with a filled example, and the exact submit command. " +
      "Every later call names the session (--session <id>, printed by the first); the role stays the session's for --session-timeout after its last call. " +
      'Exit codes: 10 your turn, 11 still waiting (run the same command again), 0 or 1 the debate ended (nothing blocks, or something does), 2 and above an error.',
    examples: [
      { says: 'In each of two sessions: join the debate of the branch', run: 'code-debate turn the diff against main' },
      { says: "Wait again for this side's turn, as the last call printed", run: 'code-debate turn --session 3f9a0c1e' },
    ],
  },
  submit: {
    summary: "write an agent session's answer, checked as any agent's",
    usage: ['code-debate submit --session <id> [--answer <file>] < answer.json'],
    about:
      'Writes the answer a session wrote for its turn, read from stdin or --answer <file>: one JSON object that follows the schema `turn` printed, or the canonical Markdown of the section. ' +
      "It is checked and written exactly as a driven agent's answer is (the same checks, citations, rendering, signature and compare-and-swap append). " +
      'An answer that does not validate is refused with what was wrong, field by field, and nothing is written (exit 13): fix it and submit again. ' +
      "One that comes when it is not this side's turn is refused, saying whose turn it is (exit 12). Exit 0: written; run `turn` for what comes next.",
    examples: [
      { says: 'Submit the answer piped in on stdin', run: 'code-debate submit --session 3f9a0c1e < answer.json' },
      { says: 'Submit the answer saved in a file', run: 'code-debate submit --session 3f9a0c1e --answer answer.json' },
    ],
  },
  'install-commands': {
    summary: 'the /code-debate command for Claude Code, Codex, Gemini CLI',
    usage: ['code-debate install-commands claude|codex|gemini|all [--user] [--uninstall]'],
    about:
      'Writes the /code-debate command each agent CLI loads, from templates/commands/: a short prompt that plays one side with `code-debate turn` and `code-debate submit`. ' +
      "Claude Code's goes to .claude/commands/, allowed only those two commands and read-only tools (git diff, show and log, reading and searching files); Gemini CLI's to .gemini/commands/; " +
      'both in the repository, or with --user in your home folder. Codex reads custom prompts only from $CODEX_HOME/prompts (~/.codex/prompts), so its goes there. ' +
      'Prints each file it wrote; a file there that code-debate did not write is kept as it is. --uninstall removes what it wrote.',
    examples: [
      { says: 'The command for every CLI: Claude Code and Gemini CLI in this repository, Codex for your user', run: 'code-debate install-commands all' },
      { says: 'Then, in each of two sessions', run: '/code-debate the diff against main' },
      { says: 'Remove them', run: 'code-debate install-commands all --uninstall' },
    ],
  },
  mcp: {
    summary: "an MCP server (stdio) whose tools play an agent's side",
    usage: ['code-debate mcp [-C <dir>]'],
    about:
      'Serves the Model Context Protocol on stdin and stdout, for any MCP-capable agent to take a side of a debate in the repository it runs in: ' +
      "join_and_wait (code-debate turn: join, then wait for this side's turn, up to waitSeconds, default 50), submit (code-debate submit), status and show. " +
      "Their inputs and outputs are described by JSON Schemas; on its turn, join_and_wait returns the turn's prompt, the answer's schema and a filled example. " +
      'Add it to Claude Code with `claude mcp add code-debate -- code-debate mcp`; docs/sessions.md shows Codex and Gemini CLI.',
    examples: [
      { says: 'Add it to Claude Code, for this repository', run: 'claude mcp add code-debate -- code-debate mcp' },
      { says: 'Serve the repository in another folder', run: 'code-debate mcp -C ~/src/app' },
    ],
  },
  duo: {
    summary: 'both sides of a debate in one command (CI, scripts)',
    usage: ['code-debate duo [options] <subject...>'],
    about:
      'Runs both sides of a debate as two code-debate processes on one file, as two terminals would: for CI and scripts. ' +
      "With --json, both sides' events are passed on, then one duo-ended event. " +
      "The exit code is the Reviewer's, or that of the side that failed. Subjects are those of a debate (code-debate help debate).",
    examples: [
      { says: 'Review the branch offline, with the built-in agent on both sides', run: 'code-debate duo --agent builtin "the diff against main"' },
      { says: 'Claude reviews, Codex answers', run: 'code-debate duo --reviewer-agent claude --responder-agent codex HEAD~3..' },
      { says: 'In CI: events as JSON, and a SARIF log for code scanning', run: 'code-debate duo --json --report sarif:review.sarif HEAD' },
    ],
  },
  show: {
    summary: 'the ledger of a debate, as text, JSON, Markdown, SARIF or HTML',
    usage: ['code-debate show [<file>] [options]', 'code-debate show --remote <remote> [--debate <name>] [options]'],
    about:
      "The ledger of a debate, finished or running: every point, its severity and status, each side's positions round by round, the convergence. " +
      "<file> is relative to the current folder; without it, the repository's debate file, or an archived debate's path as status --archived lists it. " +
      'The formats: json, the versioned report; markdown, a pull request comment; sarif, a SARIF 2.1.0 log for code scanning; ' +
      'github, workflow commands that annotate the diff; html, one self-contained page.',
    examples: [
      { says: "The ledger of the repository's debate", run: 'code-debate show' },
      { says: 'A SARIF log for code scanning', run: 'code-debate show --format sarif --output review.sarif' },
      { says: 'The summary on a pull request, editing the earlier one', run: 'code-debate show --format markdown --post-to-pr 42' },
    ],
  },
  status: {
    summary: 'who holds each role, the round, whose turn it is, the state',
    usage: ['code-debate status [<file>] [options]', 'code-debate status --archived [--json]', 'code-debate status --remote <remote> [--debate <name>] [--json]'],
    about:
      'Who holds each role of a debate (pid, agent, alive or not), the round, whose turn it is and the state of the debate. ' +
      "<file> is relative to the current folder; without it, the repository's debate file. " +
      'With --archived, the debates archive moved under the git directory, the latest first, with the path show and status read each by. ' +
      'With --remote, every debate on that git remote, or the one --debate names.',
    examples: [
      { says: "The state of the repository's debate", run: 'code-debate status' },
      { says: 'The archived debates', run: 'code-debate status --archived' },
      { says: 'The debates on a remote, as JSON', run: 'code-debate status --remote origin --json' },
    ],
  },
  archive: {
    summary: 'move a debate into the archive under the git directory',
    usage: ['code-debate archive [<file>] [options]', 'code-debate archive --remote <remote> [--debate <name>]'],
    about:
      'Moves a debate into the archive under the git directory (kept, never deleted), so that the next debate starts afresh. ' +
      "<file> is relative to the current folder; without it, the repository's debate file. " +
      'With --remote, moves a debate on that git remote under refs/code-debate-archive/; refused while a side holds a role of it.',
    examples: [
      { says: "Archive the repository's debate", run: 'code-debate archive' },
      { says: 'Archive a debate on a remote', run: 'code-debate archive --remote origin --debate my-review' },
    ],
  },
  'keep-edit': {
    summary: 'go on from a debate file whose earlier text was edited by hand',
    usage: ['code-debate keep-edit [<file>] [options]'],
    about:
      'The debate file is append-only: when its earlier text is edited by hand, each side saves the text it had read and waits for it to be restored. ' +
      'This keeps the edit instead: it appends a line recording what changed (an HTML comment, which reads as no point), and both sides go on from the file as it is.',
    examples: [
      { says: "Keep the hand edit of the repository's debate", run: 'code-debate keep-edit' },
      { says: 'The same for another debate file', run: 'code-debate keep-edit docs/review.md' },
    ],
  },
  hook: {
    summary: 'install or remove the pre-push gate',
    usage: ['code-debate hook install|uninstall [options]'],
    about:
      'Installs (or removes) the pre-push gate where git runs hooks, keeping an existing hook and running it first; husky and lefthook are written in their own way. ' +
      'A push is then debated, and blocked when a point at or above --block-on is confirmed or disputed.',
    examples: [
      { says: 'Debate every push from now on', run: 'code-debate hook install' },
      { says: 'Push once without the gate', run: 'CODE_DEBATE_SKIP=1 git push' },
    ],
  },
  'pre-push': {
    summary: 'what the pre-push hook runs: debate the commits being pushed',
    usage: ['code-debate pre-push <remote> <url> [options]'],
    about:
      'What the pre-push hook runs: debates the commits being pushed, as git gives them on standard input, and blocks the push when a point at or above --block-on is confirmed or disputed. ' +
      'Pushed commits are checked for secrets first. Its options are best set in .code-debate.json, which the hook reads.',
    examples: [
      { says: 'Install the hook; git push then runs pre-push', run: 'code-debate hook install' },
      { says: 'Block on medium points, and let a push through after ten minutes', run: 'echo \'{ "blockOn": "medium", "timeLimit": "10m" }\' > .code-debate.json' },
    ],
  },
  eval: {
    summary: 'measure agents: a debate per case of planted bugs, scored',
    usage: ['code-debate eval [<dataset>] [options]'],
    about:
      'Measures what a debate adds. For every case of the dataset (a repository, a change, and the bugs it plants, or none for a clean change), ' +
      'a real debate between two processes, as duo runs it, in a throw-away repository; then its points matched to the expected bugs by file and lines, without a model. ' +
      'Prints per case and in total the recall and precision of the Review alone, of the points confirmed after the debate and of those the gate blocks on, ' +
      'the false findings on clean changes, the real bugs the debate lost and the false ones it saved, and the rounds, tokens, cost and time. ' +
      "Without <dataset>, the dataset shipped with code-debate; a folder in CodeAgora's golden-bugs layout is read as it is. " +
      'Ctrl-C stops every debate and reports the cases that finished. The formats and the figures: docs/eval.md.',
    examples: [
      { says: 'The shipped dataset on the built-in agent, two cases at a time', run: 'code-debate eval --agent builtin --jobs 2' },
      { says: 'Claude on both sides, one round each; the report as a page too', run: 'code-debate eval --agent claude --max-rounds 1 --report html:eval.html' },
      { says: "CodeAgora's golden-bugs set, as JSON", run: 'code-debate eval ./benchmarks/golden-bugs --agent claude --json' },
    ],
  },
  demo: {
    summary: 'a real debate on the built-in agent, in a temporary repository',
    usage: ['code-debate demo [options]'],
    about:
      'A real debate on the built-in agent, in a temporary repository whose branch plants a few problems; prints the resulting file. ' +
      'The built-in agent finds patterns, not logic bugs: for a real review, name an agent.',
    examples: [
      { says: 'See a debate end to end, no API key needed', run: 'code-debate demo' },
      { says: 'Keep the repository to look around', run: 'code-debate demo --keep' },
    ],
  },
};
