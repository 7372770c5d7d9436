import { HumanInterruptSchema } from "@/lib/contracts/langgraph";
import type { HumanInterrupt, LgDeploymentView, LgHumanRequest, LgThreadSummary } from "@/lib/contracts/langgraph";
import { inboxText, type RowOf } from "@/lib/workbench/inbox-text";
import type { PaletteItem } from "@/lib/workbench/palette";
import { peerLocation, type PeerLocation } from "@/lib/workbench/peer-location";
import { peerSearch } from "@/lib/workbench/search-kind";

/** LangGraph's part of the workbench URL: ?view=langgraph&peer=<deployment id>[&th=<threadId>][&item=<runId>]. */
export const lgLocation = peerLocation("langgraph");

/** A found LangGraph thread opens in its deployment's view. */
export const lgSearch = peerSearch("langgraph", "LangGraph thread");

/** What a pending interrupt asks, in words: a HumanInterrupt's description or action, else its value as text. */
export function lgRequestPrompt(row: Pick<LgHumanRequest, "shape" | "value">): string {
  const hi = lgHumanInterruptOf(row);
  if (hi) return hi.description?.trim() || `The graph asks to run ${hi.action_request.action}`;
  if (typeof row.value === "string") return row.value;
  const text = JSON.stringify(row.value);
  return text === undefined ? "The graph paused for an answer." : text.length > 200 ? `${text.slice(0, 199)}…` : text;
}

/** The HumanInterrupt a request carries (the value itself, or the one element of the older array convention). */
export function lgHumanInterruptOf(row: Pick<LgHumanRequest, "shape" | "value">): HumanInterrupt | null {
  if (row.shape === "generic") return null;
  const value: unknown = row.shape === "human_interrupt_list" && Array.isArray(row.value) ? row.value[0] : row.value;
  const read = HumanInterruptSchema.safeParse(value);
  return read.success ? read.data : null;
}

export const lgInboxText = inboxText<RowOf<"langgraph">, "lg_human_interrupt" | "lg_interrupt">({
  label: "LangGraph",
  kinds: { lg_human_interrupt: "Human interrupt (LangGraph)", lg_interrupt: "Interrupt (LangGraph)" },
  kind: (row) => (row.shape === "generic" ? "lg_interrupt" : "lg_human_interrupt"),
  prompt: lgRequestPrompt,
  where: (row) => `${row.deploymentName} › ${row.threadId}`,
  key: (row) => `langgraph\u0000${row.deploymentId}\u0000${row.id}`,
  groupKey: (row) => `langgraph:${row.deploymentId}:${row.threadId}`,
  groupLabel: (row) => `${row.deploymentName} › ${row.threadId}`,
  status: (row) => row.status,
});

export const LG_PALETTE_KINDS = { lg_deployment: "LangGraph deployment", lg_thread: "LangGraph thread" };

type LgPaletteTarget = Partial<PeerLocation> & { view: "langgraph" };

/** Every deployment and the threads listed for it, opened as the sidebar opens them. */
export function lgPaletteItems(
  deployments: readonly LgDeploymentView[],
  threads: ReadonlyMap<string, readonly LgThreadSummary[]>,
): PaletteItem<keyof typeof LG_PALETTE_KINDS, LgPaletteTarget>[] {
  return deployments.flatMap((d) => [
    { id: `lg:${d.id}`, kind: "lg_deployment" as const, label: d.name, detail: d.url, target: lgTarget(d.id, null) },
    ...(threads.get(d.id) ?? []).map((t) => ({
      id: `lg:${d.id}:${t.threadId}`,
      kind: "lg_thread" as const,
      label: t.threadId,
      detail: `${d.name} · ${t.status}`,
      target: lgTarget(d.id, t.threadId),
    })),
  ]);
}

/** Where a deployment (and one of its threads) opens. */
export const lgTarget = (peerId: string, thread: string | null): LgPaletteTarget => ({ view: "langgraph", peerId, thread, item: null });

/** The address of a thread, for a link (an inbox card outside the workbench's navigation). */
export const lgThreadHref = (peerId: string, threadId: string) =>
  `/?${new URLSearchParams({ view: "langgraph", peer: peerId, th: threadId }).toString()}`;
