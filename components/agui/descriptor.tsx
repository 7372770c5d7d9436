import type { WorkbenchLocation } from "@/lib/workbench/location";
import { AguiMain } from "@/components/agui/agui-main";
import { AguiNav } from "@/components/agui/agui-nav";
import { AguiRequestCard } from "@/components/agui/agui-request-card";
import { AguiRunView } from "@/components/agui/agui-run-view";

/**
 * What AG-UI plugs into the workbench (listed in components/protocols/registry.tsx): its agents'
 * sidebar section and pane (?view=agui), its front-end tool calls and interrupts in the inbox (the
 * card links to the run itself), and the read-only view of an exported run.
 */
export const aguiDescriptor = {
  Provider: null,
  Sidebar: AguiNav,
  main: { Pane: AguiMain, opens: (l: WorkbenchLocation) => l.view === "agui" },
  inbox: { agui: { Card: AguiRequestCard, target: null } },
  bundleViews: { "agui-run": AguiRunView },
  usePaletteItems: null,
  saveCase: "on an AG-UI thread",
};
