"use client";

import type { Resource } from "@modelcontextprotocol/sdk/types.js";
import { Badge } from "@/components/ui/badge";
import { formatBytes } from "@/lib/format";
import { resourceLabel } from "./resource-filter";
import { ResourceRead } from "./resource-read";
import type { ResourceSelection } from "./resource-selection";
import { TemplateForm } from "./template-form";
import type { ResourceLists } from "./use-resource-lists";

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

/** The open resource (read, subscribe) or template (fill in, complete), or what to do when none is. */
export function ResourceDetail({
  connectionId,
  lists,
  selection,
}: {
  connectionId: string;
  lists: ResourceLists;
  selection: ResourceSelection;
}) {
  const { subscriptions, latestUpdates, canSubscribe } = lists;
  const selectedResource = selection?.kind === "resource" ? lists.resources.data?.items.find((r) => r.uri === selection.uri) : undefined;
  const selectedTemplate =
    selection?.kind === "template" ? lists.templates.data?.items.find((t) => t.uriTemplate === selection.uriTemplate) : undefined;
  return (
    <div className="flex min-w-0 flex-1 flex-col overflow-y-auto p-4" data-testid="resource-detail">
      {selection?.kind === "resource" ? (
        <div className="flex flex-col gap-3">
          <ResourceHeader resource={selectedResource} uri={selection.uri} />
          <ResourceRead
            key={selection.uri}
            connectionId={connectionId}
            uri={selection.uri}
            subscribed={subscriptions.includes(selection.uri)}
            canSubscribe={canSubscribe}
            lastUpdate={latestUpdates.get(selection.uri)}
          />
        </div>
      ) : selection?.kind === "template" && selectedTemplate ? (
        <TemplateForm
          key={selectedTemplate.uriTemplate}
          connectionId={connectionId}
          template={selectedTemplate}
          completions={lists.completions}
          canSubscribe={canSubscribe}
          subscriptions={subscriptions}
          latestUpdates={latestUpdates}
        />
      ) : (
        <p className="m-auto text-sm text-muted-foreground">Select a resource to read it, or a template to fill it in.</p>
      )}
    </div>
  );
}
