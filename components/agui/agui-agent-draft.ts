import { AguiAgentInput } from "@/lib/contracts/agui";
import type { AguiAgentView } from "@/lib/contracts/agui";
import { headerRowsOf, headersFromRows, type HeaderRow } from "@/components/elements/peer/header-draft";
import { toolDraftOf, toolsFromDrafts, type ToolDraft, type ToolDraftErrors } from "./tool-drafts";

/** The add/edit dialog's state, as typed. */
export interface AguiAgentDraft {
  name: string;
  url: string;
  headers: HeaderRow[];
  tools: ToolDraft[];
}

export interface AguiAgentDraftErrors {
  name?: string;
  url?: string;
  headers?: string;
  tools?: ToolDraftErrors[];
}

export type AguiAgentDraftResult = { ok: true; input: AguiAgentInput } | { ok: false; errors: AguiAgentDraftErrors };

export const emptyAguiAgentDraft = (): AguiAgentDraft => ({ name: "", url: "http://127.0.0.1:8000/", headers: [], tools: [] });

/** Header values arrive masked (SECRET_MASK); sent back unchanged they tell the server to keep them. */
export function aguiDraftFromView(view: AguiAgentView): AguiAgentDraft {
  return {
    name: view.name,
    url: view.url,
    headers: headerRowsOf(view.headers),
    tools: view.tools.map(toolDraftOf),
  };
}

export function aguiDraftToInput(d: AguiAgentDraft): AguiAgentDraftResult {
  const errors: AguiAgentDraftErrors = {};
  const { headers, error: headersError } = headersFromRows(d.headers);
  if (headersError) errors.headers = headersError;
  const tools = toolsFromDrafts(d.tools);
  if (!tools.ok) errors.tools = tools.errors;
  const parsed = AguiAgentInput.safeParse({ name: d.name, url: d.url.trim(), headers, tools: tools.ok ? tools.tools : [] });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      if (issue.path[0] === "name") errors.name = "A name is required";
      else if (issue.path[0] === "url") errors.url = "An http(s) URL of the agent's run endpoint, e.g. http://127.0.0.1:8000/";
    }
  }
  if (!parsed.success || Object.keys(errors).length) return { ok: false, errors };
  return { ok: true, input: parsed.data };
}
