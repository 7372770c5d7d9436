import { LgDeploymentInput } from "@/lib/contracts/langgraph";
import type { LgDeploymentView } from "@/lib/contracts/langgraph";
import { headerRowsOf, headersFromRows, type HeaderRow } from "@/components/elements/peer/header-draft";

/** The add/edit dialog's state, as typed. */
export interface LgDeploymentDraft {
  name: string;
  url: string;
  headers: HeaderRow[];
  /** Seconds, as typed. */
  pollSeconds: string;
}

export interface LgDeploymentDraftErrors {
  name?: string;
  url?: string;
  headers?: string;
  pollSeconds?: string;
}

export type LgDeploymentDraftResult = { ok: true; input: LgDeploymentInput } | { ok: false; errors: LgDeploymentDraftErrors };

/** `langgraphjs dev` and `langgraph dev` serve on port 2024 by default. */
export const emptyLgDeploymentDraft = (): LgDeploymentDraft => ({ name: "", url: "http://127.0.0.1:2024", headers: [], pollSeconds: "15" });

/** Header values arrive masked (SECRET_MASK); sent back unchanged they tell the server to keep them. */
export function lgDraftFromView(view: LgDeploymentView): LgDeploymentDraft {
  return { name: view.name, url: view.url, headers: headerRowsOf(view.headers), pollSeconds: String(view.pollSeconds) };
}

export function lgDraftToInput(d: LgDeploymentDraft): LgDeploymentDraftResult {
  const errors: LgDeploymentDraftErrors = {};
  const { headers, error: headersError } = headersFromRows(d.headers);
  if (headersError) errors.headers = headersError;
  const poll = d.pollSeconds.trim() === "" ? 0 : Number(d.pollSeconds);
  const parsed = LgDeploymentInput.safeParse({ name: d.name, url: d.url.trim(), headers, pollSeconds: poll });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      if (issue.path[0] === "name") errors.name = "A name is required";
      else if (issue.path[0] === "url") errors.url = "The API's base URL, e.g. http://127.0.0.1:2024";
      else if (issue.path[0] === "pollSeconds") errors.pollSeconds = "Whole seconds from 0 (never) to 3600";
    }
  }
  if (!parsed.success || Object.keys(errors).length) return { ok: false, errors };
  return { ok: true, input: parsed.data };
}
