import type { WorkbenchLocation } from "@/lib/workbench/location";
import type { WorkbenchPaneProps } from "@/lib/workbench/slots";
import { RerunProvider } from "@/components/elements/tool-result/rerun-context";
import { PlaygroundConversationView } from "@/components/playground/playground-conversation-view";
import { PlaygroundMain } from "@/components/playground/playground-main";
import { PlaygroundNav } from "@/components/playground/playground-nav";

/** The playground, whose tool-call cards offer Re-run (the read-only bundle view does not). */
function PlaygroundPane({ location, navigate }: WorkbenchPaneProps) {
  return (
    <RerunProvider navigate={navigate}>
      <PlaygroundMain location={location} navigate={navigate} />
    </RerunProvider>
  );
}

/**
 * What the playground plugs into the workbench (listed in components/protocols/registry.tsx): its
 * conversations' sidebar section and pane (?view=playground) and the read-only view of an exported
 * conversation. Its gated tool calls reach the inbox as approvals, a core source.
 */
export const playgroundDescriptor = {
  Provider: null,
  Sidebar: PlaygroundNav,
  main: { Pane: PlaygroundPane, opens: (l: WorkbenchLocation) => l.view === "playground" },
  inbox: {},
  bundleViews: { "playground-conversation": PlaygroundConversationView },
  usePaletteItems: null,
  saveCase: "on a playground conversation",
};
