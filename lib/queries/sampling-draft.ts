import { apiFetch } from "@/lib/api-client";

/** What a playground column's model drafted for a sampling request (issue 10). */
export interface SamplingDraftAnswer {
  text: string;
  model: string;
}

/** POST /api/connections/:id/requests/:requestId/draft — nothing is sent to the server until the user answers. */
export function draftSamplingAnswer(connectionId: string, requestId: string, target: { conversationId: string; columnId: string }) {
  return apiFetch<SamplingDraftAnswer>(
    `/api/connections/${encodeURIComponent(connectionId)}/requests/${encodeURIComponent(requestId)}/draft`,
    { method: "POST", body: target },
  );
}
