"use client";

import { useMemo, useState } from "react";
import { useInfiniteQuery, useQuery, useQueryClient } from "@tanstack/react-query";
import { useListChanges } from "@/hooks/use-list-changes";
import type { ConnectionView } from "@/lib/contracts/connections";
import {
  latestUpdateByUri,
  relistFromFirstPage,
  resourceKeys,
  resourcesQuery,
  resourceTemplatesQuery,
  resourceUpdatesQuery,
} from "@/lib/queries/resources";
import { isRecord } from "@/lib/values";
import { filterResources, filterTemplates } from "./resource-filter";

/**
 * The Resources tab's lists for one server: resources and templates (paged past the server's
 * bound with fetchNextPage, see resourcesQuery), the subscriptions and their latest updates, the
 * search over both lists, and re-listing when the server says its list changed or a new session starts.
 */
export function useResourceLists(connection: ConnectionView) {
  const qc = useQueryClient();
  const id = connection.id;
  const state = connection.state;
  const resourcesCap = isRecord(state.capabilities?.resources) ? state.capabilities.resources : undefined;
  const offered = state.status === "connected" && resourcesCap !== undefined;

  const resources = useInfiniteQuery({ ...resourcesQuery(id), enabled: offered });
  const templates = useInfiniteQuery({ ...resourceTemplatesQuery(id), enabled: offered });
  const updates = useQuery(resourceUpdatesQuery(id));
  const latestUpdates = useMemo(() => latestUpdateByUri(updates.data ?? []), [updates.data]);
  const subscriptions = useMemo(() => state.subscriptions ?? [], [state.subscriptions]);

  const [search, setSearch] = useState("");
  // list_changed (version bump) and a new session (connectedAt) both mean the lists may differ now.
  const relist = () => {
    void relistFromFirstPage(qc, resourceKeys.list(id));
    void relistFromFirstPage(qc, resourceKeys.templates(id));
  };
  const [changes, dismissChanges] = useListChanges(state.resourcesVersion ?? 0, state.connectedAt, relist);

  const allResources = resources.data?.items;
  const allTemplates = templates.data?.items;
  const visible = useMemo(() => filterResources(allResources ?? [], search), [allResources, search]);
  const visibleTemplates = useMemo(() => filterTemplates(allTemplates ?? [], search), [allTemplates, search]);

  return {
    resources,
    templates,
    latestUpdates,
    subscriptions,
    search,
    setSearch,
    relist,
    changes,
    dismissChanges,
    visible,
    visibleTemplates,
    /** 2026-07-28 has no resources/subscribe: the same control changes the subscriptions/listen filter. */
    viaListen: state.era?.mode === "modern",
    canSubscribe: resourcesCap?.subscribe === true,
    completions: Boolean(state.capabilities?.completions),
  };
}

export type ResourceLists = ReturnType<typeof useResourceLists>;
