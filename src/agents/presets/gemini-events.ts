import { asRecord, parseJsonLine } from './cli-agent-json.js';

/**
 * What `gemini -o stream-json` printed on stdout, one JSON event a line. Seen from Gemini CLI
 * 0.61.0 against a local stand-in for the Gemini API:
 *   {"type":"init","session_id":"<uuid>","model":"auto"}
 *   {"type":"message","role":"user","content":"<the prompt>"}
 *   {"type":"tool_use","tool_name":"read_file","tool_id":"<id>","parameters":{...}}
 *   {"type":"tool_result","tool_id":"<id>","status":"success","output":"..."}
 *   {"type":"message","role":"assistant","content":"<text>","delta":true}
 *   {"type":"result","status":"success","stats":{"total_tokens":960,"input_tokens":900,"output_tokens":60,"cached":100,"models":{...},...}}
 * A fatal error ends it with `{"type":"result","status":"error","error":{"type","message"}}` (the
 * message `-o json` printed on stderr); an answer the CLI finds invalid (empty, blocked) comes as
 * `{"type":"error","severity":"error","message"}` before a result that says only "error"; a
 * `"severity":"warning"` error is one it goes on after.
 */
export interface GeminiEvents {
  /**
   * The text the model wrote after its last tool call, its deltas joined: what `-o json` gives as
   * `response` (its text before a tool call is its commentary, not the answer).
   */
  answer: string;
  /** The `result` event, or null when the CLI printed none (it was killed, or failed before it began). */
  result: Record<string, unknown> | null;
  /** The messages of its `"severity":"error"` events, in order. */
  errors: string[];
  /** The messages of its other `error` events (a retry, a blocked step), in order. */
  warnings: string[];
}

export function readGeminiEvents(stdout: string): GeminiEvents {
  const events: GeminiEvents = { answer: '', result: null, errors: [], warnings: [] };
  let beforeTool = '';
  for (const line of stdout.split('\n')) {
    const event = parseJsonLine(line);
    if (event === null) continue;
    if (event.type === 'tool_use') {
      beforeTool = events.answer || beforeTool;
      events.answer = '';
    }
    // A hook that stops the run at a tool call leaves the text before it as the answer, as -o json does.
    if (event.type === 'tool_result' && asRecord(event.error)?.type === 'stop_execution' && events.answer === '') events.answer = beforeTool;
    if (event.type === 'message' && event.role === 'assistant' && typeof event.content === 'string') events.answer += event.content;
    if (event.type === 'error' && typeof event.message === 'string') (event.severity === 'error' ? events.errors : events.warnings).push(event.message);
    if (event.type === 'result') events.result = event;
  }
  return events;
}

/** What it said of trouble, for a failure to be classified from: never its stdout whole, which echoes the prompt (and the diff in it). */
export function geminiTroubleText(events: GeminiEvents): string {
  const error = asRecord(events.result?.error)?.message;
  return [...events.warnings, ...events.errors, ...(typeof error === 'string' ? [error] : [])].join('\n');
}
