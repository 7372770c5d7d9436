"use client";

import { useQuery } from "@tanstack/react-query";
import { NetworkIcon } from "lucide-react";
import type { WorkbenchPaneProps } from "@/lib/workbench/slots";
import { useLgActions } from "@/hooks/use-langgraph";
import { lgDeploymentsQuery } from "@/lib/queries/langgraph";
import { PeerSidebarSection } from "@/components/elements/peer/peer-sidebar-section";
import { LgDeploymentDialog } from "./lg-deployment-dialog";
import { LgNavTree } from "./lg-nav-tree";

/** The sidebar's "LangGraph" section: saved deployments with their status, add and remove; the open one's assistants and threads under it. */
export function LgNav({ location, navigate }: WorkbenchPaneProps) {
  // Reachability changes on the server without an entry of its own: re-read now and then.
  const deployments = useQuery({ ...lgDeploymentsQuery(), refetchInterval: 15_000 });
  const { create, remove } = useLgActions();
  const openId = location.view === "langgraph" ? location.peerId : null;
  return (
    <PeerSidebarSection
      testId="lg-nav"
      icon={<NetworkIcon className="size-3.5" aria-hidden />}
      title="LangGraph"
      add={{ label: "Add LangGraph deployment", testId: "lg-add", onClick: () => create.reset() }}
      peers={deployments}
      texts={{
        loadError: "Could not load LangGraph deployments",
        loading: "Loading LangGraph deployments…",
        empty: "None yet. Add one by its API's URL (langgraph dev serves on :2024).",
        confirmRemove: (name) =>
          `Remove the LangGraph deployment “${name}”? Its threads stay on the server; Loupe's records stay in the data dir.`,
      }}
      openId={openId}
      onOpen={(id) => navigate({ view: "langgraph", peerId: id })}
      remove={{
        run: (id) => remove.mutate(id, { onSuccess: () => openId === id && navigate({ view: "langgraph", peerId: null }) }),
        pending: remove.isPending,
        error: remove.error,
      }}
      rowTestId="lg-deployment-row"
      removeTestId="lg-remove"
      openChildren={openId && <LgNavTree deploymentId={openId} location={location} navigate={navigate} />}
      addDialog={(close) => (
        <LgDeploymentDialog
          onOpenChange={(o) => !o && close()}
          onSubmit={(input) => create.mutateAsync(input).then((view) => navigate({ view: "langgraph", peerId: view.id }))}
          pending={create.isPending}
          error={create.error}
        />
      )}
    />
  );
}
