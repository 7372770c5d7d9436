import type { AguiService } from "@/lib/server/agui";

/** Starts a run of `agentId` and waits for its end: what startRun answered, with the run's outcome. */
export async function runToEnd(agui: AguiService, agentId: string, body: Parameters<AguiService["startRun"]>[1]) {
  const started = agui.startRun(agentId, body);
  const result = await agui.runDone(started.runId)!;
  return { ...started, ...result };
}
