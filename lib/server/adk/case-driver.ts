import "server-only";
import { InterruptAnswer, NewMessagePart, type InboxItem, type RunBody, type RunRecord } from "@/lib/contracts/agents";
import type { AgentCaseTurn, PauseSite, ReplayReport, ReplayedTurn } from "@/lib/contracts/agent-cases";
import { SECRET_MASK } from "@/lib/contracts/connections";
import { adkCaseTurns, adkPauseSite } from "@/lib/protocols/adk/case";
import { PauseScript } from "@/lib/protocols/replay-pauses";
import type { AgentRegistry } from "@/lib/server/adk/agents";
import { errorMessage } from "@/lib/values";

/** Where an ADK case is replayed: a saved agent server (the recorded one or another) and its app. */
export interface AdkReplayTarget {
  agentId: string;
  appName: string;
  userId?: string;
  /**
   * Keys for credential pauses by credential key: Loupe masks every key it records, so a recorded
   * credential answer holds none and the replay takes it from here.
   */
  credentials?: Readonly<Record<string, string>>;
}

/** More pauses than this in one turn: the agent is looping, the replay stops. */
const MAX_PAUSES_PER_TURN = 100;

type Answered = { ok: true; answer: InterruptAnswer | null } | { ok: false; problem: string };

function recordedAnswer(site: PauseSite, value: unknown, target: AdkReplayTarget, turn: string): Answered {
  if (value === null) return { ok: true, answer: null };
  const parsed = InterruptAnswer.safeParse(value);
  if (!parsed.success)
    return { ok: false, problem: `In ${turn} the recorded answer to ${site.kind} on ${site.name} is not an ADK answer.` };
  if (parsed.data.kind !== "credential" || parsed.data.apiKey !== SECRET_MASK) return { ok: true, answer: parsed.data };
  const key = target.credentials?.[site.name];
  if (key) return { ok: true, answer: { kind: "credential", apiKey: key } };
  return { ok: false, problem: `In ${turn} the credential for ${site.name} was recorded masked; the replay needs its key.` };
}

/**
 * Replays a case's turns in a new session: each turn's input as a run, then every pause the agent
 * makes answered from the recorded answers through Loupe's own answer path (AgentRegistry.answer,
 * as the inbox answers), one by one in the order they appear (several in one step each get theirs).
 * What the agent did per turn is read back from the stored session, as the case was recorded.
 */
export async function replayAdkCase(
  agents: AgentRegistry,
  target: AdkReplayTarget,
  turns: readonly AgentCaseTurn[],
): Promise<ReplayReport> {
  const problems: string[] = [];
  const seenPauses: PauseSite[][] = [];
  const { agentId, appName, userId } = target;
  const session = await agents.createSession(agentId, appName, userId ? { userId } : {});
  const failed = (what: string, run: RunRecord | undefined): string | null =>
    run && run.status !== "completed" ? `${what} ended ${run.status}${run.error ? `: ${run.error.message}` : ""}.` : null;
  outer: for (const [index, turn] of turns.entries()) {
    const name = `turn ${index + 1}`;
    const pauses: PauseSite[] = [];
    seenPauses.push(pauses);
    const run = await agents.waitRun(
      agents.run(agentId, appName, session.id, { parts: inputParts(turn.input), streaming: false, ...(userId ? { userId } : {}) }).id,
    );
    const broken = failed(`The run of ${name}`, run);
    if (broken || !run) {
      problems.push(broken ?? `The run of ${name} was lost.`);
      break;
    }
    const script = new PauseScript(turn.pauses, name);
    const handled = new Set<string>();
    for (let step = 0; ; step++) {
      const item = nextPending(agents, agentId, run.sessionKey, handled);
      if (!item) break;
      handled.add(item.key);
      const site = adkPauseSite(item);
      pauses.push(site);
      const matched = script.answer(site);
      const answer = matched.ok ? recordedAnswer(site, matched.answer, target, name) : matched;
      if (!answer.ok) {
        problems.push(answer.problem);
        break outer;
      }
      if (answer.answer === null) continue;
      if (step >= MAX_PAUSES_PER_TURN) {
        problems.push(`In ${name} the agent paused more than ${MAX_PAUSES_PER_TURN} times; the replay stopped.`);
        break outer;
      }
      try {
        const res = await agents.answer(agentId, {
          sessionKey: run.sessionKey,
          interruptId: item.id,
          interruptKey: item.key,
          answer: answer.answer,
          streaming: false,
        });
        const after = failed(
          `The answer to ${site.kind} on ${site.name} in ${name}`,
          res.run ? await agents.waitRun(res.run.id) : undefined,
        );
        if (after) throw new Error(after);
      } catch (err) {
        problems.push(`In ${name} the agent refused the recorded answer to ${site.kind} on ${site.name}: ${errorMessage(err)}`);
        break outer;
      }
    }
    problems.push(...script.missing());
  }
  const stored = await agents.getSession(agentId, appName, session.id, userId);
  const replayed = adkCaseTurns(stored.events);
  const out: ReplayedTurn[] = seenPauses.map((pauses, i) => ({
    pauses,
    toolCalls: replayed[i]?.toolCalls ?? [],
    finalResponse: replayed[i]?.finalResponse ?? "",
  }));
  return { turns: out, problems };
}

function nextPending(agents: AgentRegistry, agentId: string, sessionKey: string, handled: ReadonlySet<string>): InboxItem | undefined {
  return agents
    .listInbox()
    .find((i) => i.agentId === agentId && i.sessionKey === sessionKey && i.status === "pending" && !handled.has(i.key));
}

/** The turn's recorded parts (text, inline files) as the run body takes them. */
function inputParts(input: unknown): RunBody["parts"] {
  const parsed = NewMessagePart.array().min(1).safeParse(input);
  return parsed.success ? parsed.data : [{ text: "" }];
}
