import { AgentServerInput } from "@/lib/contracts/agents";
import type { AgentServerView } from "@/lib/contracts/agents";
import { headerRowsOf, headersFromRows, type HeaderRow } from "@/components/elements/peer/header-draft";

/** The add/edit form's state, as typed. */
export interface AgentDraft {
  name: string;
  url: string;
  userId: string;
  headers: HeaderRow[];
}

export type AgentDraftField = keyof AgentDraft;

export type AgentDraftResult = { ok: true; input: AgentServerInput } | { ok: false; errors: Partial<Record<AgentDraftField, string>> };

export function emptyAgentDraft(): AgentDraft {
  return { name: "", url: "http://127.0.0.1:8000", userId: "user", headers: [] };
}

/** Header values arrive masked (SECRET_MASK); sent back unchanged they tell the server to keep them. */
export function agentDraftFromView(view: AgentServerView): AgentDraft {
  return {
    name: view.name,
    url: view.url,
    userId: view.userId,
    headers: headerRowsOf(view.headers),
  };
}

export function agentDraftToInput(d: AgentDraft): AgentDraftResult {
  const errors: Partial<Record<AgentDraftField, string>> = {};
  const { headers, error: headersError } = headersFromRows(d.headers);
  if (headersError) errors.headers = headersError;
  const parsed = AgentServerInput.safeParse({ name: d.name, url: d.url.trim(), userId: d.userId, headers });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path[0];
      if (field === "name") errors.name = "A name is required";
      else if (field === "url") errors.url = "An http(s) URL, e.g. http://127.0.0.1:8000";
      else if (field === "userId") errors.userId = "A user id is required";
    }
  }
  if (!parsed.success || Object.keys(errors).length) return { ok: false, errors };
  return { ok: true, input: parsed.data };
}
