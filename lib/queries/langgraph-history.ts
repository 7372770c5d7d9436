import { queryOptions } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api-client";
import type { LgCheckpoint, LgRunBody, LgStateUpdateBody } from "@/lib/contracts/langgraph";

/**
 * A LangGraph thread's checkpoints (time travel) and the two writes a fork makes. Keys sit under
 * `["langgraph", deploymentId]`, the deployment's scope, so dropping a deployment drops its history.
 */
export const lgHistoryKeys = {
  history: (deploymentId: string, threadId: string) => ["langgraph", deploymentId, "thread", threadId, "history"] as const,
};

const enc = encodeURIComponent;
const deploymentPath = (id: string) => `/api/langgraph/deployments/${enc(id)}`;
const threadPath = (id: string, threadId: string) => `${deploymentPath(id)}/threads/${enc(threadId)}`;

export function lgHistoryQuery(deploymentId: string, threadId: string) {
  return queryOptions({
    queryKey: lgHistoryKeys.history(deploymentId, threadId),
    queryFn: ({ signal }) => apiFetch<LgCheckpoint[]>(`${threadPath(deploymentId, threadId)}/history`, { signal }),
  });
}

/** The routes of lib/contracts/langgraph.ts a fork goes through. */
export const lgHistoryApi = {
  updateState: (deploymentId: string, threadId: string, body: LgStateUpdateBody) =>
    apiFetch<{ checkpointId: string }>(`${threadPath(deploymentId, threadId)}/state`, { method: "POST", body }),
  run: (deploymentId: string, body: Partial<LgRunBody> & Pick<LgRunBody, "assistantId">) =>
    apiFetch<{ runId: string; threadId: string }>(`${deploymentPath(deploymentId)}/runs`, { method: "POST", body }),
};
