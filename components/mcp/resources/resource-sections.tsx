"use client";

import type { RefObject } from "react";
import { QueryError } from "@/components/elements/query-error";
import { formatClock, plural } from "@/lib/format";
import { LoadMore } from "./load-more";
import { ResourceList } from "./resource-list";
import { TemplateList } from "./template-list";
import type { ResourceSelection } from "./resource-selection";
import type { ResourceLists } from "./use-resource-lists";

interface SectionProps {
  lists: ResourceLists;
  selection: ResourceSelection;
  setSelection: (selection: ResourceSelection) => void;
}

/** The listed resources: how many, how many pages and when, the list, and the next page on demand. */
export function ResourcesSection({
  lists,
  selection,
  setSelection,
  scrollRef,
}: SectionProps & { scrollRef: RefObject<HTMLDivElement | null> }) {
  const { resources, visible } = lists;
  if (resources.isError && !resources.isFetchNextPageError) {
    return (
      <section>
        <QueryError className="m-2" title="Could not list resources" error={resources.error} onRetry={() => void resources.refetch()} />
      </section>
    );
  }
  if (resources.isPending) {
    return (
      <section>
        <p className="p-3 text-xs text-muted-foreground">Listing resources…</p>
      </section>
    );
  }
  const all = resources.data.items;
  return (
    <section>
      <p className="border-b px-3 py-1 text-[11px] text-muted-foreground" data-testid="resource-count">
        {visible.length === all.length ? plural(all.length, "resource") : `${visible.length} of ${plural(all.length, "resource")}`}
        {` · ${plural(resources.data.pages, "page")}`}
        {` · listed ${formatClock(resources.data.listedAt)}`}
      </p>
      <ResourceList
        resources={visible}
        selectedUri={selection?.kind === "resource" ? selection.uri : null}
        onSelect={(uri) => setSelection({ kind: "resource", uri })}
        subscriptions={lists.subscriptions}
        latestUpdates={lists.latestUpdates}
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
    </section>
  );
}

/** The resource templates, counted against the search, with the next page on demand. */
export function TemplatesSection({ lists, selection, setSelection }: SectionProps) {
  const { templates, visibleTemplates } = lists;
  const all = templates.data?.items;
  return (
    <section>
      <h3 className="border-b px-3 pt-3 pb-1 text-[11px] font-medium text-muted-foreground" data-testid="template-count">
        Templates
        {all
          ? ` (${visibleTemplates.length === all.length ? visibleTemplates.length : `${visibleTemplates.length} of ${all.length}`})`
          : ""}
      </h3>
      {templates.isError && !templates.isFetchNextPageError ? (
        <QueryError className="m-2" title="Could not list templates" error={templates.error} onRetry={() => void templates.refetch()} />
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
  );
}
