"use client";

import { useMemo, useRef, useState } from "react";
import { useListChanges } from "@/hooks/use-list-changes";
import { useInfiniteQuery, useQuery, useQueryClient } from "@tanstack/react-query";
import type { Resource } from "@modelcontextprotocol/sdk/types.js";
import { Badge } from "@/components/ui/badge";
import { ListSearchBar } from "@/components/elements/list-search-bar";
import { QueryError } from "@/components/elements/query-error";
import { capabilityNotice } from "@/components/elements/capability-notice";
import type { ConnectionView } from "@/lib/contracts/connections";
import {
  latestUpdateByUri,
  relistFromFirstPage,
  resourceKeys,
  resourcesQuery,
  resourceTemplatesQuery,
  resourceUpdatesQuery,
} from "@/lib/queries/resources";
import { formatBytes, formatClock, plural } from "@/lib/format";
import { ListChangedBanner } from "@/components/elements/list-changed-banner";
import { LoadMore } from "./load-more";
import { filterResources, filterTemplates, resourceLabel } from "./resource-filter";
import { ResourceList, SubscriptionList, TemplateList } from "./resource-list";
import { ResourceRead } from "./resource-read";
import { TemplateForm } from "./template-form";

export type ResourceSelection = { kind: "resource"; uri: string } | { kind: "template"; uriTemplate: string } | null;

interface Caps {
  resources?: { subscribe?: boolean; listChanged?: boolean };
  completions?: object;
}

function ResourceHeader({ resource, uri }: { resource: Resource | undefined; uri: string }) {
  return (
    <header className="flex flex-col gap-1" data-testid="resource-detail-header">
      <h2 className="flex flex-wrap items-center gap-2 text-sm font-semibold">
        {resource ? resourceLabel(resource) : uri}
        {resource?.title && resource.title !== resource.name && (
          <span className="font-mono text-xs font-normal text-muted-foreground">{resource.name}</span>
        )}
        {resource?.mimeType && <Badge variant="secondary">{resource.mimeType}</Badge>}
        {resource?.size !== undefined && <Badge variant="outline">{formatBytes(resource.size)}</Badge>}
      </h2>
      <code className="font-mono text-xs break-all text-muted-foreground">{uri}</code>
      {resource?.description && <p className="text-xs">{resource.description}</p>}
      {!resource && (
        <p className="text-[11px] text-muted-foreground">Not in the listed resources (a template expansion or a removed resource).</p>
      )}
    </header>
  );
}

export interface ResourcesPanelProps {
  connection: ConnectionView;
  /** The open resource or template when the caller keeps it (the workbench, in the URL); else kept here. */
  selection?: ResourceSelection;
  onSelect?: (selection: ResourceSelection) => void;
}

/** Resources of one server: list, templates and subscriptions on the left, the selected one on the right. */
export function ResourcesPanel({ connection, selection: controlled, onSelect }: ResourcesPanelProps) {
  const qc = useQueryClient();
  const id = connection.id;
  const state = connection.state;
  const connected = state.status === "connected";
  const caps = (state.capabilities ?? {}) as Caps;
  const offered = connected && state.capabilities !== undefined && Boolean(caps.resources);
  // 2026-07-28 has no resources/subscribe: the same control changes the subscriptions/listen filter.
  const viaListen = state.era?.mode === "modern";
  const canSubscribe = caps.resources?.subscribe === true;
  const completions = Boolean(caps.completions);

  // Paged past the server's aggregate bound with fetchNextPage (nextCursor); see resourcesQuery.
  const resources = useInfiniteQuery({ ...resourcesQuery(id), enabled: offered });
  const templates = useInfiniteQuery({ ...resourceTemplatesQuery(id), enabled: offered });
  const updates = useQuery(resourceUpdatesQuery(id));
  const latestUpdates = useMemo(() => latestUpdateByUri(updates.data ?? []), [updates.data]);
  const subscriptions = useMemo(() => state.subscriptions ?? [], [state.subscriptions]);
  const scrollRef = useRef<HTMLDivElement>(null);

  const [search, setSearch] = useState("");
  const [own, setOwn] = useState<ResourceSelection>(null);
  const selection = controlled !== undefined ? controlled : own;
  const setSelection = onSelect ?? setOwn;
  const version = state.resourcesVersion ?? 0;
  // list_changed (version bump) and a new session (connectedAt) both mean the lists may differ now.
  const relist = () => {
    void relistFromFirstPage(qc, resourceKeys.list(id));
    void relistFromFirstPage(qc, resourceKeys.templates(id));
  };
  const [changes, dismissChanges] = useListChanges(version, state.connectedAt, relist);

  const allResources = resources.data?.items;
  const allTemplates = templates.data?.items;
  const visible = useMemo(() => filterResources(allResources ?? [], search), [allResources, search]);
  const visibleTemplates = useMemo(() => filterTemplates(allTemplates ?? [], search), [allTemplates, search]);

  const notice = capabilityNotice(state, "resources", "browse its resources");
  if (notice) return notice;

  const refreshing = resources.isFetching || templates.isFetching;
  const selectedResource = selection?.kind === "resource" ? allResources?.find((r) => r.uri === selection.uri) : undefined;
  const selectedTemplate = selection?.kind === "template" ? allTemplates?.find((t) => t.uriTemplate === selection.uriTemplate) : undefined;

  return (
    <div className="flex min-h-0 min-w-0 flex-1" data-testid="resources-panel">
      <div className="flex w-64 shrink-0 flex-col border-r lg:w-80">
        <ListSearchBar
          noun="resources"
          placeholder="Search resources and templates"
          value={search}
          onChange={setSearch}
          searchTestId="resource-search"
          onRefresh={relist}
          refreshing={refreshing}
          refreshTitle="Re-list resources and templates from the server"
          refreshTestId="refresh-resources"
        />
        <ListChangedBanner changes={changes} what="resource" testId="resources-changed" onDismiss={dismissChanges} />
        <div ref={scrollRef} className="relative min-h-0 flex-1 overflow-y-auto" data-testid="resources-scroller">
          <SubscriptionList
            subscriptions={subscriptions}
            selectedUri={selection?.kind === "resource" ? selection.uri : null}
            onSelect={(uri) => setSelection({ kind: "resource", uri })}
            latestUpdates={latestUpdates}
            note={viaListen ? "MCP 2026-07-28: subscriptions ride the subscriptions/listen stream" : undefined}
          />
          <section>
            {resources.isError && !resources.isFetchNextPageError ? (
              <QueryError
                className="m-2"
                title="Could not list resources"
                error={resources.error}
                onRetry={() => void resources.refetch()}
              />
            ) : resources.isPending ? (
              <p className="p-3 text-xs text-muted-foreground">Listing resources…</p>
            ) : (
              <>
                <p className="border-b px-3 py-1 text-[11px] text-muted-foreground" data-testid="resource-count">
                  {visible.length === resources.data.items.length
                    ? `${resources.data.items.length} resources`
                    : `${visible.length} of ${resources.data.items.length} resources`}
                  {` · ${plural(resources.data.pages, "page")}`}
                  {` · listed ${formatClock(resources.data.listedAt)}`}
                </p>
                <ResourceList
                  resources={visible}
                  selectedUri={selection?.kind === "resource" ? selection.uri : null}
                  onSelect={(uri) => setSelection({ kind: "resource", uri })}
                  subscriptions={subscriptions}
                  latestUpdates={latestUpdates}
                  scrollRef={scrollRef}
                />
                {resources.hasNextPage && (
                  <LoadMore
                    testId="resources-more"
                    loading={resources.isFetchingNextPage}
                    error={resources.isFetchNextPageError ? resources.error : null}
                    onLoad={() => void resources.fetchNextPage()}
                  />
                )}
              </>
            )}
          </section>
          <section>
            <h3 className="border-b px-3 pt-3 pb-1 text-[11px] font-medium text-muted-foreground" data-testid="template-count">
              Templates
              {allTemplates
                ? ` (${visibleTemplates.length === allTemplates.length ? visibleTemplates.length : `${visibleTemplates.length} of ${allTemplates.length}`})`
                : ""}
            </h3>
            {templates.isError && !templates.isFetchNextPageError ? (
              <QueryError
                className="m-2"
                title="Could not list templates"
                error={templates.error}
                onRetry={() => void templates.refetch()}
              />
            ) : templates.isPending ? (
              <p className="p-3 text-xs text-muted-foreground">Listing templates…</p>
            ) : (
              <>
                <TemplateList
                  templates={visibleTemplates}
                  selected={selection?.kind === "template" ? selection.uriTemplate : null}
                  onSelect={(uriTemplate) => setSelection({ kind: "template", uriTemplate })}
                />
                {templates.hasNextPage && (
                  <LoadMore
                    testId="templates-more"
                    loading={templates.isFetchingNextPage}
                    error={templates.isFetchNextPageError ? templates.error : null}
                    onLoad={() => void templates.fetchNextPage()}
                  />
                )}
              </>
            )}
          </section>
        </div>
      </div>
      <div className="flex min-w-0 flex-1 flex-col overflow-y-auto p-4" data-testid="resource-detail">
        {selection?.kind === "resource" ? (
          <div className="flex flex-col gap-3">
            <ResourceHeader resource={selectedResource} uri={selection.uri} />
            <ResourceRead
              key={selection.uri}
              connectionId={id}
              uri={selection.uri}
              subscribed={subscriptions.includes(selection.uri)}
              canSubscribe={canSubscribe}
              lastUpdate={latestUpdates.get(selection.uri)}
            />
          </div>
        ) : selection?.kind === "template" && selectedTemplate ? (
          <TemplateForm
            key={selectedTemplate.uriTemplate}
            connectionId={id}
            template={selectedTemplate}
            completions={completions}
            canSubscribe={canSubscribe}
            subscriptions={subscriptions}
            latestUpdates={latestUpdates}
          />
        ) : (
          <p className="m-auto text-sm text-muted-foreground">Select a resource to read it, or a template to fill it in.</p>
        )}
      </div>
    </div>
  );
}
