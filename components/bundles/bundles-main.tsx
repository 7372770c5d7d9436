"use client";

import { useQuery } from "@tanstack/react-query";
import type { WorkbenchLocation } from "@/hooks/use-workbench-location";
import { useLastImportError, useOpenBundle } from "@/hooks/use-bundles";
import { bundleListQuery } from "@/lib/queries/bundles";
import { QueryError } from "@/components/elements/query-error";
import { BundleHeader } from "@/components/bundles/bundle-header";
import { bundleDetail } from "@/lib/bundle-detail";
import { ImportArea } from "@/components/bundles/import-area";
import { ImportFailure } from "@/components/bundles/import-failure";
import { RawBundleView } from "@/components/bundles/raw-bundle-view";
import { BUNDLE_UNIT_VIEWS } from "@/components/protocols/registry";
import { BundleViewBoundary } from "@/components/bundles/view-boundary";
import { BundlePagesBar } from "@/components/bundles/bundle-pages-bar";
import { formatDateTime } from "@/lib/format";

export interface BundlesMainProps {
  location: WorkbenchLocation;
  navigate: (patch: Partial<WorkbenchLocation>) => void;
}

/** ?view=bundles: with no bundle open, the list and the import area; with one, its header and read-only view. */
export function BundlesMain({ location, navigate }: BundlesMainProps) {
  return location.item ? (
    <OpenBundle key={location.item} id={location.item} onClose={() => navigate({ view: "bundles", item: null })} />
  ) : (
    <BundleIndex onOpen={(id) => navigate({ view: "bundles", item: id })} />
  );
}

function BundleIndex({ onOpen }: { onOpen: (id: string) => void }) {
  const bundles = useQuery(bundleListQuery());
  const failure = useLastImportError();
  return (
    <div className="flex min-h-0 flex-1 flex-col gap-4 overflow-y-auto p-4" data-testid="bundles-main">
      <div>
        <h1 className="text-sm font-semibold">Imported bundles</h1>
        <p className="text-xs text-muted-foreground">
          Sessions, traffic, conversations, tasks and runs exported from a Loupe (or from adk-web and the MCP Inspector), opened read-only:
          nothing here reaches a live agent or server.
        </p>
      </div>
      {failure && <ImportFailure error={failure} />}
      <ImportArea onImported={(summary) => onOpen(summary.id)} />
      {bundles.isError ? (
        <QueryError title="Could not load imported bundles" error={bundles.error} onRetry={() => void bundles.refetch()} />
      ) : bundles.data?.length ? (
        <ul className="flex flex-col divide-y rounded-md border" data-testid="bundles-list">
          {bundles.data.map((b) => (
            <li key={b.id}>
              <button
                type="button"
                className="flex w-full flex-col items-start px-3 py-2 text-left hover:bg-accent/50"
                data-testid="bundles-list-row"
                onClick={() => onOpen(b.id)}
              >
                <span className="text-sm font-medium">{b.title}</span>
                <span className="text-xs text-muted-foreground">
                  {bundleDetail(b)} · imported {formatDateTime(b.importedAt)}
                </span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

function OpenBundle({ id, onClose }: { id: string; onClose: () => void }) {
  const { query, imported, loadMore } = useOpenBundle(id);
  if (query.isError && !imported) {
    return (
      <QueryError className="m-4" title="Could not open the imported bundle" error={query.error} onRetry={() => void query.refetch()} />
    );
  }
  if (!imported) return <p className="m-4 text-sm text-muted-foreground">Opening the bundle…</p>;
  const { bundle, summary } = imported;
  const View = BUNDLE_UNIT_VIEWS[summary.unitType];
  const raw = <RawBundleView bundle={bundle} summary={summary} />;
  return (
    <div className="flex min-h-0 flex-1 flex-col" data-testid="bundle-open" data-unit-type={summary.unitType}>
      <BundleHeader imported={imported} onDeleted={onClose} />
      <BundlePagesBar
        loaded={bundle.entries.length}
        total={summary.entryCount}
        hasMore={query.hasNextPage}
        loading={query.isFetchingNextPage}
        error={query.isFetchNextPageError ? query.error : null}
        onLoadMore={loadMore}
      />
      <div className="flex min-h-0 flex-1 flex-col overflow-y-auto">
        {View ? (
          <BundleViewBoundary fallback={raw}>
            <View bundle={bundle} summary={summary} />
          </BundleViewBoundary>
        ) : (
          raw
        )}
      </div>
    </div>
  );
}
