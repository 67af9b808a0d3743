import { processClaims } from './process-claims.js';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { z } from 'zod';
import { findRepo } from '../git/find-repo.js';
import { loadRepoSettings } from '../config/resolve-settings.js';
import { settingsTable } from '../config/settings-table.js';
import { AgentError } from '../errors.js';
import type { Role } from '../protocol/document.js';
import { playSessionCall, type SessionCallResult } from '../session/interactive/play-session-call.js';
import { renderSessionCall, turnExample, turnHeading, type NextCalls } from './render-session-call.js';
import { runShow } from './show-command.js';
import { runStatus } from './status-command.js';
import { readVersion } from './package-version.js';

export interface McpOptions {
  cwd: string;
  env: NodeJS.ProcessEnv;
}

/** MCP clients stop a request after 60 s by default: a wait for the turn stays under it. */
const defaultWaitSeconds = 50;

const roles = ['reviewer', 'responder'] as const satisfies readonly Role[];

const fileInput = z.string().min(1).optional().describe("the debate file, relative to the repository's root; the settings file's, else reply.md");

const joinInput = z.object({
  subject: z.string().min(1).optional().describe('what to review, e.g. "the diff against main"; only the first call that joins needs it'),
  session: z.string().min(1).optional().describe('the session id the first call returned: every later call names it'),
  role: z.enum(roles).optional().describe('the role to take when joining; by default the Reviewer if no debate exists, else the Responder'),
  file: fileInput,
  waitSeconds: z.number().int().min(1).max(600).optional().describe(`how long to wait for this side's turn (default ${defaultWaitSeconds})`),
});

const submitInput = z.object({
  session: z.string().min(1).describe('the session id that join_and_wait returned'),
  answer: z
    .union([z.record(z.string(), z.unknown()), z.string()])
    .describe("the turn's answer: the JSON object following answerSchema, or for the CONSENSUS the summary as Markdown text"),
  file: fileInput,
});

/** What join_and_wait and submit return, besides their text: the same facts as data. */
const callOutput = z.object({
  type: z.enum(['your-turn', 'waiting', 'peer-gone', 'not-your-turn', 'written', 'ended', 'refused']),
  role: z.enum(roles).optional(),
  session: z.string(),
  file: z.string(),
  /** The section to write (your-turn) or just written (written). */
  heading: z.string().optional(),
  /** Whose turn it is, when it is not this side's. */
  turnOf: z.enum(roles).optional(),
  /** Why the peer is gone (peer-gone). */
  reason: z.string().optional(),
  round: z.number().int().optional(),
  /** The prompt of the turn, as a headless agent gets it, the diff replaced by the git command that shows it. */
  prompt: z.string().optional(),
  /** The JSON Schema the answer must follow (absent for the CONSENSUS summary, which is Markdown). */
  answerSchema: z.record(z.string(), z.unknown()).optional(),
  /** A filled answer that validates as it is. */
  example: z.unknown().optional(),
  outcome: z.object({ outcome: z.string(), message: z.string(), blocking: z.array(z.string()) }).optional(),
  /** Why the answer was refused, field by field; nothing was written. */
  problems: z.string().optional(),
  notes: z.array(z.string()),
});
type CallOutput = z.infer<typeof callOutput>;

const mcpCalls = (session: string): NextCalls => ({
  turn: `call \`join_and_wait\` with session "${session}"`,
  submit: (json) =>
    json
      ? `Submit your JSON object as \`answer\` with the \`submit\` tool, session "${session}": nothing is written until you do, and an answer that does not validate is refused with what to fix.`
      : `Submit it as \`answer\` (a string) with the \`submit\` tool, session "${session}".`,
});

/**
 * `code-debate mcp`: an MCP server on stdio whose tools are the calls of an interactive session
 * (join_and_wait is `turn`, submit is `submit`) and the reading commands (status, show), so any
 * MCP-capable agent can take a side. Each tool runs what the command runs.
 */
export async function runMcpServer(options: McpOptions): Promise<void> {
  const server = new McpServer({ name: 'code-debate', version: readVersion() });
  const settingsFor = async (file: string | undefined, extra: { role?: (typeof roles)[number]; waitMs?: number }) => {
    const repo = await findRepo(options.cwd);
    const flags = {
      ...(file === undefined ? {} : { file }),
      ...(extra.role === undefined ? {} : { role: extra.role }),
      ...(extra.waitMs === undefined ? {} : { waitMs: extra.waitMs }),
    };
    return { repo, settings: await loadRepoSettings(repo, flags, options.env) };
  };
  const reply = (output: CallOutput, text: string) => ({ content: [{ type: 'text' as const, text }], structuredContent: output });

  server.registerTool(
    'join_and_wait',
    {
      title: "Join the debate and wait for this side's turn",
      description:
        "Joins a code-debate debate as one side (the first call, with a subject) or comes back to it (session), then waits for this side's turn. " +
        "On your turn it returns the prompt, the answer's JSON Schema and a filled example: review the code with your own read-only tools and call submit. " +
        'While it is the other side\'s turn (type "waiting"), call it again. Type "ended": the debate is over.',
      inputSchema: joinInput,
      outputSchema: callOutput,
    },
    async (input, extra) => {
      const { repo, settings } = await settingsFor(input.file, {
        ...(input.role === undefined ? {} : { role: input.role }),
        waitMs: (input.waitSeconds ?? defaultWaitSeconds) * 1_000,
      });
      const result = await playSessionCall({
        settings,
        claimsHeld: processClaims,
        cwd: options.cwd,
        repo,
        subject: input.subject ?? null,
        session: input.session ?? null,
        answer: null,
        signal: extra.signal,
        env: options.env,
      });
      return reply(outputOf(result), renderSessionCall(result, mcpCalls(result.session)));
    },
  );

  server.registerTool(
    'submit',
    {
      title: "Submit this side's answer",
      description:
        'Writes this side\'s answer for its turn, checked exactly as a headless agent\'s answer is. An answer that does not validate is refused (type "refused") with what was wrong and nothing written: fix it and submit again.',
      inputSchema: submitInput,
      outputSchema: callOutput,
    },
    async (input, extra) => {
      const { repo, settings } = await settingsFor(input.file, {});
      const answer = typeof input.answer === 'string' ? input.answer : JSON.stringify(input.answer);
      try {
        const result = await playSessionCall({
          settings,
          claimsHeld: processClaims,
          cwd: options.cwd,
          repo,
          subject: null,
          session: input.session,
          answer,
          signal: extra.signal,
          env: options.env,
        });
        return reply(outputOf(result), renderSessionCall(result, mcpCalls(result.session)));
      } catch (error) {
        if (!(error instanceof AgentError) || (error.kind !== 'bad-output' && error.kind !== 'too-long')) throw error;
        return reply({ type: 'refused', session: input.session, file: settings.file, problems: error.message, notes: [] }, error.message);
      }
    },
  );

  server.registerTool(
    'status',
    {
      title: 'The state of the debate',
      description: 'Who holds each role and what it does, the round, whose turn it is and the state of the debate, as the JSON of `code-debate status --json`.',
      inputSchema: z.object({ file: fileInput }),
    },
    async (input) => textOf(await collect((write) => runStatus({ file: input.file ?? settingsTable.file.default, cwd: options.cwd, json: true, write }))),
  );

  server.registerTool(
    'show',
    {
      title: 'The ledger of the debate',
      description: "Every point, its severity and standing, each side's positions round by round, as `code-debate show` gives it.",
      inputSchema: z.object({ file: fileInput, format: z.enum(['text', 'json', 'markdown']).optional().describe('default text') }),
    },
    async (input) => {
      const { settings } = await settingsFor(input.file, {});
      return textOf(
        await collect((write) =>
          runShow({
            file: input.file ?? settings.file,
            cwd: options.cwd,
            format: input.format ?? 'text',
            output: null,
            blockOn: settings.blockOn,
            blockReproduced: settings.blockReproduced,
            env: options.env,
            postToPr: null,
            write,
            note: write,
          }),
        ),
      );
    },
  );

  const transport = new StdioServerTransport();
  const closed = new Promise<void>((resolve) => {
    transport.onclose = resolve;
  });
  await server.connect(transport);
  await closed;
}

/** A call's result as data (see callOutput). */
function outputOf(result: SessionCallResult): CallOutput {
  const facts = { role: result.role, session: result.session, file: result.file, notes: result.notes };
  switch (result.type) {
    case 'your-turn': {
      const schema = result.request.answerSchema;
      return {
        ...facts,
        type: 'your-turn',
        heading: turnHeading(result),
        round: result.request.round,
        prompt: result.request.prompt,
        ...(schema === undefined ? {} : { answerSchema: schema.schema, example: turnExample(result) }),
      };
    }
    case 'waiting':
    case 'not-your-turn':
      return { ...facts, type: result.type, turnOf: result.for, round: result.round };
    case 'peer-gone':
      return { ...facts, type: 'peer-gone', turnOf: result.for, round: result.round, reason: result.reason };
    case 'written':
      return { ...facts, type: 'written', heading: result.heading };
    case 'ended':
      return { ...facts, type: 'ended', outcome: result.outcome };
  }
}

async function collect(run: (write: (text: string) => void) => Promise<unknown>): Promise<string> {
  let text = '';
  await run((chunk) => {
    text += chunk;
  });
  return text;
}

function textOf(text: string) {
  return { content: [{ type: 'text' as const, text }] };
}
