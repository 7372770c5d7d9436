"use client";

import { useQuery } from "@tanstack/react-query";
import { NetworkIcon } from "lucide-react";
import type { WorkbenchLocation } from "@/hooks/use-workbench-location";
import { useA2aAgentActions } from "@/hooks/use-a2a";
import { a2aAgentsQuery } from "@/lib/queries/a2a";
import { PeerSidebarSection } from "@/components/elements/peer/peer-sidebar-section";
import { A2aAgentDialog } from "@/components/a2a/a2a-agent-dialog";

export interface A2aNavProps {
  location: WorkbenchLocation;
  navigate: (patch: Partial<WorkbenchLocation>) => void;
}

/** The sidebar's "A2A agents" section: saved agents with their status, add, and remove. */
export function A2aNav({ location, navigate }: A2aNavProps) {
  const agents = useQuery(a2aAgentsQuery());
  const { create, remove } = useA2aAgentActions();
  const openId = location.view === "a2a" ? location.peerId : null;
  return (
    <PeerSidebarSection
      testId="a2a-nav"
      icon={<NetworkIcon className="size-3.5" aria-hidden />}
      title="A2A agents"
      add={{ label: "Add A2A agent", testId: "add-a2a-agent", onClick: () => create.reset() }}
      peers={agents}
      texts={{
        loadError: "Could not load A2A agents",
        loading: "Loading…",
        empty: "None yet.",
        confirmRemove: (name) => `Remove the A2A agent “${name}”? Its recorded tasks stay in the history.`,
      }}
      openId={openId}
      onOpen={(id) => navigate({ view: "a2a", peerId: id })}
      remove={{
        run: (id) => remove.mutate(id, { onSuccess: () => id === openId && navigate({ view: "a2a", peerId: null }) }),
        pending: remove.isPending,
        error: remove.error,
      }}
      rowTestId="a2a-agent-row"
      addDialog={(close) => (
        <A2aAgentDialog
          onOpenChange={(o) => !o && close()}
          onSubmit={(input) => create.mutateAsync(input).then((view) => navigate({ view: "a2a", peerId: view.id }))}
          pending={create.isPending}
          error={create.error}
        />
      )}
    />
  );
}
