import { askAgent, type AgentAnswer, type AgentAsk } from './ask-agent.js';
import type { SideContext } from './side-context.js';

/**
 * Asks the agent without waiting for git: the agent starts at once on `early`, the ask built from
 * the subject as last resolved, while the ask from the subject resolved again (`buildFresh`: git,
 * or gh over the network for a pull request) is built. When the two are the same, the
 * usual case, the early start stands. When they differ (the author committed during the peer's
 * turn), the early run is stopped and the agent asked again with the fresh ask, so an answer is
 * only ever written from the subject as it is. A person (an interactive agent) only sees the fresh ask.
 */
export async function askAhead(context: SideContext, early: AgentAsk | null, buildFresh: () => Promise<AgentAsk>): Promise<AgentAnswer> {
  if (early === null || context.agent.interactive) return askAgent(context, await buildFresh());
  const speculation = new AbortController();
  const started = askAgent(context, { ...early, signal: speculation.signal });
  // Only now, the agent's process started: git's spawns would otherwise hold up the agent's own.
  const fresh = buildFresh();
  // Its failure is only worth telling once the early ask is known to stand.
  started.catch(() => undefined);
  const stop = async () => {
    speculation.abort();
    await started.catch(() => undefined);
  };
  let ask: AgentAsk;
  try {
    ask = await fresh;
  } catch (error) {
    await stop();
    throw error;
  }
  if (sameAsk(early, ask)) return started;
  await stop();
  context.emit({
    type: 'warning',
    role: context.role,
    message: `the subject moved while the peer wrote its turn (now ${ask.subject.description}); the agent was stopped and asked again with it.`,
  });
  return askAgent(context, ask);
}

/** Whether the agent got exactly what the fresh ask would give it. */
function sameAsk(early: AgentAsk, fresh: AgentAsk): boolean {
  if (early.subject === fresh.subject) return early.prompt === fresh.prompt && early.continuation === fresh.continuation;
  return early.prompt === fresh.prompt && early.continuation === fresh.continuation && JSON.stringify(early.subject) === JSON.stringify(fresh.subject);
}
