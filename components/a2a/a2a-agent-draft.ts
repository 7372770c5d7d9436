import { A2aAgentInput } from "@/lib/contracts/a2a";
import type { A2aAgentView, A2aTransport } from "@/lib/contracts/a2a";
import { headerRowsOf, headersFromRows, type HeaderRow } from "@/components/elements/peer/header-draft";
import type { DraftCheck } from "@/components/elements/peer/use-peer-draft";

/** The add/edit dialog's state, as typed; "" is the card's preferred transport. */
export interface A2aAgentDraft {
  name: string;
  url: string;
  headers: HeaderRow[];
  transport: A2aTransport | "";
}

export type A2aAgentDraftErrors = Partial<Record<"name" | "url" | "headers", string>>;

export function a2aDraftOf(view: A2aAgentView | undefined): A2aAgentDraft {
  return { name: view?.name ?? "", url: view?.url ?? "", headers: headerRowsOf(view?.headers), transport: view?.transport ?? "" };
}

/** A header without a name is said alone; otherwise the contract's checks, in the dialog's words. */
export function a2aDraftToInput(d: A2aAgentDraft): DraftCheck<A2aAgentInput, A2aAgentDraftErrors> {
  const { headers, error: headersError } = headersFromRows(d.headers);
  if (headersError) return { ok: false, errors: { headers: headersError } };
  const parsed = A2aAgentInput.safeParse({ name: d.name, url: d.url.trim(), headers, transport: d.transport || undefined });
  if (parsed.success) return { ok: true, input: parsed.data };
  const errors: A2aAgentDraftErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if (field === "name") errors.name = "Give it a name";
    if (field === "url") errors.url = "An absolute URL: the agent card's, or the agent's base URL";
  }
  return { ok: false, errors };
}
