"use client";

import { useRef, useState } from "react";
import { ListSearchBar } from "@/components/elements/list-search-bar";
import { capabilityNotice } from "@/components/elements/capability-notice";
import { ListChangedBanner } from "@/components/elements/list-changed-banner";
import type { ConnectionView } from "@/lib/contracts/connections";
import { ResourceDetail } from "./resource-detail";
import { SubscriptionList } from "./subscription-list";
import { ResourcesSection, TemplatesSection } from "./resource-sections";
import type { ResourceSelection } from "./resource-selection";
import { useResourceLists } from "./use-resource-lists";

export type { ResourceSelection } from "./resource-selection";

export interface ResourcesPanelProps {
  connection: ConnectionView;
  /** The open resource or template when the caller keeps it (the workbench, in the URL); else kept here. */
  selection?: ResourceSelection;
  onSelect?: (selection: ResourceSelection) => void;
}

/** Resources of one server: list, templates and subscriptions on the left, the selected one on the right. */
export function ResourcesPanel({ connection, selection: controlled, onSelect }: ResourcesPanelProps) {
  const lists = useResourceLists(connection);
  const scrollRef = useRef<HTMLDivElement>(null);
  const [own, setOwn] = useState<ResourceSelection>(null);
  const selection = controlled !== undefined ? controlled : own;
  const setSelection = onSelect ?? setOwn;

  const notice = capabilityNotice(connection.state, "resources", "browse its resources");
  if (notice) return notice;

  return (
    <div className="flex min-h-0 min-w-0 flex-1" data-testid="resources-panel">
      <div className="flex w-64 shrink-0 flex-col border-r lg:w-80">
        <ListSearchBar
          noun="resources"
          placeholder="Search resources and templates"
          value={lists.search}
          onChange={lists.setSearch}
          searchTestId="resource-search"
          onRefresh={lists.relist}
          refreshing={lists.resources.isFetching || lists.templates.isFetching}
          refreshTitle="Re-list resources and templates from the server"
          refreshTestId="refresh-resources"
        />
        <ListChangedBanner changes={lists.changes} what="resource" testId="resources-changed" onDismiss={lists.dismissChanges} />
        <div ref={scrollRef} className="relative min-h-0 flex-1 overflow-y-auto" data-testid="resources-scroller">
          <SubscriptionList
            subscriptions={lists.subscriptions}
            selectedUri={selection?.kind === "resource" ? selection.uri : null}
            onSelect={(uri) => setSelection({ kind: "resource", uri })}
            latestUpdates={lists.latestUpdates}
            note={lists.viaListen ? "MCP 2026-07-28: subscriptions ride the subscriptions/listen stream" : undefined}
          />
          <ResourcesSection lists={lists} selection={selection} setSelection={setSelection} scrollRef={scrollRef} />
          <TemplatesSection lists={lists} selection={selection} setSelection={setSelection} />
        </div>
      </div>
      <ResourceDetail connectionId={connection.id} lists={lists} selection={selection} />
    </div>
  );
}
