import type { Bundle, ImportedBundleSummary } from "@/lib/contracts/bundle";
import type { InboxRow } from "@/lib/contracts/inbox";
import type { WorkbenchLocation } from "@/lib/workbench/registry";

/**
 * The props of the slots a protocol fills in the workbench (its descriptor, listed in
 * components/protocols/registry.tsx). Plain types, so a protocol's components take them without
 * importing the shell, the inbox or the bundles pane that render them.
 */

/** How a navigation enters the browser's history; absent: decided by what changes (historyMode in lib/workbench/location.ts). */
export interface NavigateOptions {
  history?: "push" | "replace";
}

/** Moves the workbench: the patch is applied to the location (applyLocationPatch) and written to the URL. */
export type Navigate = (patch: Partial<WorkbenchLocation>, options?: NavigateOptions) => void;

/** A sidebar section or a main pane: the location and the way to change it. */
export interface WorkbenchPaneProps {
  location: WorkbenchLocation;
  navigate: Navigate;
}

/** An inbox source's card. */
export interface InboxCardProps<R extends InboxRow = InboxRow> {
  row: R;
  /** Inside a view that already says where the row is. */
  compact?: boolean;
  /** Goes where the row comes from (its session, its server); absent: the card offers no link. */
  onOpen?: () => void;
}

/**
 * A read-only view of one imported unit (issue 12): it renders the bundle's own record with the
 * protocol's timeline, inspector and state diffs — no composer, no answer buttons, nothing that
 * reaches a live peer.
 */
export interface BundleUnitViewProps {
  bundle: Bundle;
  summary: ImportedBundleSummary;
}
