"use client";

import { useQuery } from "@tanstack/react-query";
import { RadioTowerIcon } from "lucide-react";
import type { WorkbenchLocation } from "@/hooks/use-workbench-location";
import { useAguiActions } from "@/hooks/use-agui";
import { aguiAgentsQuery } from "@/lib/queries/agui";
import { AGUI_UNCHECKED } from "@/lib/workbench/agui";
import { PeerSidebarSection } from "@/components/elements/peer/peer-sidebar-section";
import { AguiAgentDialog } from "./agui-agent-dialog";

export interface AguiNavProps {
  location: WorkbenchLocation;
  navigate: (patch: Partial<WorkbenchLocation>) => void;
}

/** The sidebar's "AG-UI agents" section: saved agents with their status, add and remove. */
export function AguiNav({ location, navigate }: AguiNavProps) {
  // Reachability changes on the server without an entry of its own: re-read now and then.
  const agents = useQuery({ ...aguiAgentsQuery(), refetchInterval: 15_000 });
  const { create, remove } = useAguiActions();
  const openId = location.view === "agui" ? location.peerId : null;
  return (
    <PeerSidebarSection
      testId="agui-nav"
      icon={<RadioTowerIcon className="size-3.5" aria-hidden />}
      title="AG-UI agents"
      add={{ label: "Add AG-UI agent", testId: "agui-add", onClick: () => create.reset() }}
      peers={agents}
      texts={{
        loadError: "Could not load AG-UI agents",
        loading: "Loading AG-UI agents…",
        empty: "None yet. Add one by the URL of its run endpoint.",
        confirmRemove: (name) => `Remove the AG-UI agent “${name}”? Its recorded runs stay in the data dir.`,
        unchecked: AGUI_UNCHECKED,
      }}
      openId={openId}
      onOpen={(id) => navigate({ view: "agui", peerId: id })}
      remove={{
        run: (id) => remove.mutate(id, { onSuccess: () => openId === id && navigate({ view: "agui", peerId: null }) }),
        pending: remove.isPending,
        error: remove.error,
      }}
      rowTestId="agui-agent-row"
      removeTestId="agui-remove"
      addDialog={(close) => (
        <AguiAgentDialog
          onOpenChange={(o) => !o && close()}
          onSubmit={(input) => create.mutateAsync(input).then((view) => navigate({ view: "agui", peerId: view.id }))}
          pending={create.isPending}
          error={create.error}
        />
      )}
    />
  );
}
