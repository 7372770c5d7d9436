import type { WorkbenchLocation } from "@/lib/workbench/location";
import { lgTarget } from "@/lib/workbench/langgraph";
import { useLgPaletteItems } from "@/hooks/use-lg-palette";
import { LgMain } from "./lg-main";
import { LgNav } from "./lg-nav";
import { LgRequestCard } from "./lg-request-card";
import { LgThreadBundleView } from "./lg-thread-bundle-view";

/**
 * What LangGraph plugs into the workbench (listed in components/protocols/registry.tsx): its
 * deployments' sidebar section and pane (?view=langgraph), its interrupts in the inbox (opening
 * their thread), the read-only view of an exported thread, and its deployments and threads in the
 * command palette.
 */
export const lgDescriptor = {
  Provider: null,
  Sidebar: LgNav,
  main: { Pane: LgMain, opens: (l: WorkbenchLocation) => l.view === "langgraph" },
  inbox: {
    langgraph: {
      Card: LgRequestCard,
      target: (row: { deploymentId: string; threadId: string }) => lgTarget(row.deploymentId, row.threadId),
    },
  },
  bundleViews: { "langgraph-thread": LgThreadBundleView },
  usePaletteItems: useLgPaletteItems,
  saveCase: "on a LangGraph thread",
};
