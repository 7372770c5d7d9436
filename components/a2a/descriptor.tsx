import type { WorkbenchLocation } from "@/lib/workbench/location";
import { A2aMain } from "@/components/a2a/a2a-main";
import { A2aNav } from "@/components/a2a/a2a-nav";
import { A2aRequestCard } from "@/components/a2a/a2a-request-card";
import { A2aTaskView } from "@/components/a2a/a2a-task-view";

/**
 * What A2A plugs into the workbench (listed in components/protocols/registry.tsx): its agents'
 * sidebar section and pane (?view=a2a), its input- / auth-required tasks in the inbox (the card
 * links to the task itself), and the read-only view of an exported task.
 */
export const a2aDescriptor = {
  Provider: null,
  Sidebar: A2aNav,
  main: { Pane: A2aMain, opens: (l: WorkbenchLocation) => l.view === "a2a" },
  inbox: { a2a: { Card: A2aRequestCard, target: null } },
  bundleViews: { "a2a-task": A2aTaskView },
  usePaletteItems: null,
  saveCase: "on an A2A task",
};
