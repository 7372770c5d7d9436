"use client";

import { useQuery } from "@tanstack/react-query";
import { PackageOpenIcon } from "lucide-react";
import type { WorkbenchLocation } from "@/hooks/use-workbench-location";
import { bundleListQuery } from "@/lib/queries/bundles";
import { QueryError } from "@/components/elements/query-error";
import { bundleDetail } from "@/lib/bundle-detail";
import { fileInput, ImportFileButton, useFileDrop, useStartImport } from "@/components/bundles/import-controls";
import { sidebarItemState } from "@/components/elements/sidebar-item";
import { cn } from "@/lib/cn";

export interface BundlesNavProps {
  location: WorkbenchLocation;
  navigate: (patch: Partial<WorkbenchLocation>) => void;
}

/**
 * The sidebar's "Imported" section: bundles imported into this Loupe (read-only), Import…, and a
 * file dropped anywhere on the section. An import opens the bundles pane, where a refusal shows
 * its issues and a success opens the bundle.
 */
export function BundlesNav({ location, navigate }: BundlesNavProps) {
  const bundles = useQuery(bundleListQuery());
  const openId = location.view === "bundles" ? location.item : null;
  const { start, pending } = useStartImport(
    (summary) => navigate({ view: "bundles", item: summary.id }),
    () => navigate({ view: "bundles", item: null }),
  );
  const drop = useFileDrop((file) => start(fileInput(file)));

  return (
    <div
      className={cn("flex flex-col border-t", drop.over && "bg-primary/5 ring-2 ring-primary/40 ring-inset")}
      data-testid="bundles-nav"
      data-drop-over={drop.over || undefined}
      {...drop.handlers}
    >
      <div className="flex items-center justify-between gap-2 px-3 pt-2 pb-1">
        <button
          type="button"
          data-testid="bundles-link"
          aria-current={location.view === "bundles" && !openId ? "page" : undefined}
          onClick={() => navigate({ view: "bundles", item: null })}
          className="flex items-center gap-1.5 rounded text-xs font-semibold tracking-wide text-muted-foreground uppercase outline-none hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring/40"
        >
          <PackageOpenIcon className="size-3.5" aria-hidden /> Imported
        </button>
        <ImportFileButton onFile={(file) => start(fileInput(file))} pending={pending} />
      </div>
      {bundles.isError ? (
        <QueryError className="m-2" title="Could not load imported bundles" error={bundles.error} onRetry={() => void bundles.refetch()} />
      ) : bundles.isPending ? (
        <p className="px-3 pb-2 text-xs text-muted-foreground">Loading…</p>
      ) : bundles.data.length === 0 ? (
        <p className="px-3 pb-2 text-xs text-muted-foreground">None yet — import a bundle or drop one here.</p>
      ) : (
        <ul className="flex max-h-48 flex-col overflow-y-auto px-1.5 pb-2">
          {bundles.data.map((b) => (
            <li key={b.id}>
              <button
                type="button"
                data-testid="bundle-row"
                data-bundle-id={b.id}
                aria-current={b.id === openId ? "page" : undefined}
                onClick={() => navigate({ view: "bundles", item: b.id })}
                className={cn(
                  "flex w-full flex-col items-start gap-0.5 rounded-md px-2 py-1.5 text-left outline-none focus-visible:ring-2 focus-visible:ring-ring/40",
                  sidebarItemState(b.id === openId),
                )}
              >
                <span className="w-full truncate text-sm font-medium">{b.title}</span>
                <span className="w-full truncate text-xs text-muted-foreground">{bundleDetail(b)}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
