import { useMemo, type ComponentType, type ReactNode } from "react";
import type { BundleUnitType } from "@/lib/contracts/bundle";
import type { InboxRow, InboxSource } from "@/lib/contracts/inbox";
import { INBOX_SOURCE_TEXT } from "@/lib/workbench/inbox";
import type { InboxSourceText, RowOf } from "@/lib/workbench/inbox-text";
import type { WorkbenchLocation } from "@/lib/workbench/location";
import type { PaletteItem } from "@/lib/workbench/palette";
import type { BundleUnitViewProps, InboxCardProps, WorkbenchPaneProps } from "@/lib/workbench/slots";
import { ApprovalCard } from "@/components/approvals/approval-card";
import { a2aDescriptor } from "@/components/a2a/descriptor";
import { adkDescriptor } from "@/components/adk/descriptor";
import { aguiDescriptor } from "@/components/agui/descriptor";
import { lgDescriptor } from "@/components/langgraph/descriptor";
import { mcpDescriptor } from "@/components/mcp/descriptor";
import { playgroundDescriptor } from "@/components/playground/descriptor";

/**
 * The browser's React registry (issue 20): with the pure one (lib/workbench/registry.ts), the one
 * place in the browser that lists every protocol. Each protocol describes what it plugs into the
 * workbench in its own components/<protocol>/descriptor.tsx; the shell, the inbox and the bundles
 * pane loop over the tables below, and a source or a unit type without its entry does not compile.
 */

/** An inbox source's card, and where one of its rows opens (null: the card links by itself, or nowhere). */
export interface InboxSlot<R extends InboxRow> {
  Card: ComponentType<InboxCardProps<R>>;
  target: ((row: R) => Partial<WorkbenchLocation>) | null;
}

/** What one protocol plugs into the workbench. Every slot is required; `null` / `{}` say "none". */
export interface ProtocolDescriptor {
  /** Around the whole workbench: state its sidebar section and main pane share. */
  Provider: ComponentType<Pick<WorkbenchPaneProps, "navigate"> & { children: ReactNode }> | null;
  /** Its section of the sidebar. */
  Sidebar: ComponentType<WorkbenchPaneProps> | null;
  /** Its main pane, and the locations that open it. */
  main: { Pane: ComponentType<WorkbenchPaneProps>; opens: (l: WorkbenchLocation) => boolean } | null;
  /** Its inbox sources. */
  inbox: { [S in InboxSource]?: InboxSlot<RowOf<S>> };
  /** The read-only views of its bundle unit types. */
  bundleViews: { [T in BundleUnitType]?: ComponentType<BundleUnitViewProps> };
  /** What it offers the command palette (fetching more only while the palette is open), or null. */
  usePaletteItems: ((active: boolean) => { items: readonly PaletteItem<string, Partial<WorkbenchLocation>>[]; loading: boolean }) | null;
  /** Where its views offer Save as case, in words for the Tests view ("on an A2A task"), or null. */
  saveCase: string | null;
}

/** In sidebar order. */
const PROTOCOLS = {
  mcp: mcpDescriptor,
  adk: adkDescriptor,
  playground: playgroundDescriptor,
  a2a: a2aDescriptor,
  agui: aguiDescriptor,
  langgraph: lgDescriptor,
} satisfies Record<string, ProtocolDescriptor>;

export type ProtocolId = keyof typeof PROTOCOLS;
const isProtocolId = (id: string): id is ProtocolId => Object.hasOwn(PROTOCOLS, id);
const DESCRIPTORS: readonly { id: ProtocolId; descriptor: ProtocolDescriptor }[] = Object.entries(PROTOCOLS).flatMap(([id, descriptor]) =>
  isProtocolId(id) ? [{ id, descriptor }] : [],
);

/** The protocols' sidebar sections, in order (the shell adds the core ones). */
export const SIDEBAR_SECTIONS = DESCRIPTORS.flatMap(({ id, descriptor }) =>
  descriptor.Sidebar ? [{ id, Section: descriptor.Sidebar }] : [],
);

/** The protocols' main panes; the last, MCP's servers, is the default when nothing else is open. */
export const MAIN_PANES = [PROTOCOLS.playground, PROTOCOLS.a2a, PROTOCOLS.agui, PROTOCOLS.langgraph, PROTOCOLS.adk, PROTOCOLS.mcp].flatMap(
  (d) => d.main ?? [],
);

/** Wrapped around the whole workbench, outermost first. */
export const WORKBENCH_PROVIDERS = DESCRIPTORS.flatMap(({ descriptor }) => descriptor.Provider ?? []);

/** Where a case can be saved from, in sidebar order: the Tests view's empty state lists them (issue 24). */
export const SAVE_CASE_PLACES: readonly string[] = DESCRIPTORS.flatMap(({ descriptor }) => descriptor.saveCase ?? []);

/** A tool call waiting for approval (playground or tap): the core approval desk's card. */
function ApprovalInboxCard({ row, compact }: InboxCardProps<RowOf<"approval">>) {
  return <ApprovalCard approval={row} compact={compact} />;
}

/**
 * How the inbox shows one source's rows: label, kind label, prompt, where, keys, status (the pure
 * half, lib/workbench/inbox.ts), the card that answers it and where a row opens.
 */
export type InboxSourceDescriptor<R extends RowOf<InboxSource>> = InboxSourceText<R> & InboxSlot<R>;

export const INBOX_SOURCES: { [S in InboxSource]: InboxSourceDescriptor<RowOf<S>> } = {
  adk: { ...INBOX_SOURCE_TEXT.adk, ...PROTOCOLS.adk.inbox.adk },
  mcp: { ...INBOX_SOURCE_TEXT.mcp, ...PROTOCOLS.mcp.inbox.mcp },
  approval: { ...INBOX_SOURCE_TEXT.approval, Card: ApprovalInboxCard, target: null },
  a2a: { ...INBOX_SOURCE_TEXT.a2a, ...PROTOCOLS.a2a.inbox.a2a },
  agui: { ...INBOX_SOURCE_TEXT.agui, ...PROTOCOLS.agui.inbox.agui },
  langgraph: { ...INBOX_SOURCE_TEXT.langgraph, ...PROTOCOLS.langgraph.inbox.langgraph },
};

/** The read-only view of each unit type (issue 12); a type without one does not compile. */
export const BUNDLE_UNIT_VIEWS: Record<BundleUnitType, ComponentType<BundleUnitViewProps>> = {
  ...PROTOCOLS.mcp.bundleViews,
  ...PROTOCOLS.adk.bundleViews,
  ...PROTOCOLS.playground.bundleViews,
  ...PROTOCOLS.a2a.bundleViews,
  ...PROTOCOLS.agui.bundleViews,
  ...PROTOCOLS.langgraph.bundleViews,
};

/** The protocols' command palette items, in sidebar order (each protocol's hook, called in a fixed order). */
export function useProtocolPaletteItems(active: boolean) {
  const mcp = PROTOCOLS.mcp.usePaletteItems(active);
  const adk = PROTOCOLS.adk.usePaletteItems(active);
  const langgraph = PROTOCOLS.langgraph.usePaletteItems(active);
  return useMemo(
    () => ({ items: [...mcp.items, ...adk.items, ...langgraph.items], loading: mcp.loading || adk.loading || langgraph.loading }),
    [mcp, adk, langgraph],
  );
}
