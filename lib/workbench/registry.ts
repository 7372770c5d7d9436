import type { SessionSearchKind } from "@/lib/contracts/session-search";
import { a2aInboxText, a2aLocation, a2aSearch } from "@/lib/workbench/a2a";
import { ADK_PALETTE_KINDS, adkInboxText, adkLocation, adkSearch, type AdkLocation } from "@/lib/workbench/adk";
import { aguiInboxText, aguiLocation, aguiSearch } from "@/lib/workbench/agui";
import { auditLocation, bundlesLocation, inboxLocation, type BundlesLocation } from "@/lib/workbench/core-location";
import type { InboxSourceText, KindOf, ProtocolInboxSource, RowOf } from "@/lib/workbench/inbox-text";
import { LG_PALETTE_KINDS, lgInboxText, lgLocation, lgSearch } from "@/lib/workbench/langgraph";
import { MCP_PALETTE_KINDS, mcpInboxText, mcpLocation, type McpLocation } from "@/lib/workbench/mcp";
import type { PeerLocation } from "@/lib/workbench/peer-location";
import { playgroundLocation, playgroundSearch, type PlaygroundLocation } from "@/lib/workbench/playground";
import type { SearchKind } from "@/lib/workbench/search-kind";
import { testsLocation, type TestsLocation } from "@/lib/workbench/testing";

/**
 * The browser's pure protocol registry (issue 20): with the React registry
 * (components/protocols/registry.tsx), the one place in the browser that lists every protocol.
 * Each protocol's pure parts live in its own file here (lib/workbench/<protocol>.ts); the URL codec
 * (lib/workbench/location.ts), the session search and the inbox loop over these tables, and a protocol
 * missing from one does not compile.
 */

/**
 * The parts of the workbench URL, in the order a patch is offered to them (the first that takes
 * it decides what opens): the views first, then the agent before the server (a URL naming both
 * shows the agent).
 */
/** The views the shell draws itself rather than a protocol's pane (components/shell/workbench.tsx). */
const CORE_PARTS = [inboxLocation, bundlesLocation, testsLocation, auditLocation] as const;

export const LOCATION_PARTS = [...CORE_PARTS, a2aLocation, aguiLocation, lgLocation, playgroundLocation, adkLocation, mcpLocation] as const;

export type WorkbenchView = NonNullable<(typeof LOCATION_PARTS)[number]["view"]>;

export const CORE_VIEWS: readonly WorkbenchView[] = CORE_PARTS.map((part) => part.view);

/** What the workbench shows: every part's fields (a field two parts share means the same to both). */
export interface WorkbenchLocation extends McpLocation, AdkLocation, PeerLocation, PlaygroundLocation, BundlesLocation, TestsLocation {
  /** ?view=: the inbox, the tests, the playground, a peer protocol's view or the imported bundles. */
  view: WorkbenchView | null;
}

export const EMPTY_LOCATION: WorkbenchLocation = {
  view: null,
  ...mcpLocation.empty,
  ...adkLocation.empty,
  ...a2aLocation.empty,
  ...aguiLocation.empty,
  ...lgLocation.empty,
  ...playgroundLocation.empty,
  ...bundlesLocation.empty,
  ...testsLocation.empty,
  ...auditLocation.empty,
};

/** How the session search shows and opens each kind of hit. */
export const SEARCH_KINDS: { [K in SessionSearchKind]: SearchKind<Partial<WorkbenchLocation>> } = {
  "adk-session": adkSearch,
  playground: playgroundSearch,
  "a2a-context": a2aSearch,
  "agui-thread": aguiSearch,
  "langgraph-thread": lgSearch,
};

/** What the inbox says about each protocol's rows (the inbox adds its own approval source). */
export const PROTOCOL_INBOX_TEXT = {
  adk: adkInboxText,
  mcp: mcpInboxText,
  a2a: a2aInboxText,
  agui: aguiInboxText,
  langgraph: lgInboxText,
} satisfies { [S in ProtocolInboxSource]: InboxSourceText<RowOf<S>> };

/** Every protocol's inbox kinds (filter chips). */
export type ProtocolInboxKind = KindOf<(typeof PROTOCOL_INBOX_TEXT)[ProtocolInboxSource]>;

export const PROTOCOL_KIND_LABEL: Record<ProtocolInboxKind, string> = {
  ...adkInboxText.kinds,
  ...mcpInboxText.kinds,
  ...a2aInboxText.kinds,
  ...aguiInboxText.kinds,
  ...lgInboxText.kinds,
};

/** Every protocol's command palette kinds and their labels (each protocol's hook in its descriptor lists the items). */
export const PROTOCOL_PALETTE_KINDS = { ...MCP_PALETTE_KINDS, ...ADK_PALETTE_KINDS, ...LG_PALETTE_KINDS };
export type ProtocolPaletteKind = keyof typeof PROTOCOL_PALETTE_KINDS;
