"use client";

import { useRef } from "react";
import { useQuery } from "@tanstack/react-query";
import { UploadIcon } from "lucide-react";
import { suitesQuery } from "@/lib/queries/testing";
import { useImportSuite } from "@/hooks/use-testing";
import { Button } from "@/components/ui/button";
import { QueryError } from "@/components/elements/query-error";
import { sidebarItemState } from "@/components/elements/sidebar-item";
import { cn } from "@/lib/cn";

export interface SuiteListProps {
  selected: string | null;
  onOpen: (suiteId: string) => void;
}

/** The saved suites, and Import for a suite file (a refusal names the bad field). */
export function SuiteList({ selected, onOpen }: SuiteListProps) {
  const suites = useQuery(suitesQuery());
  const importSuite = useImportSuite();
  const file = useRef<HTMLInputElement>(null);
  return (
    <nav className="flex flex-col gap-1 p-2" data-testid="suite-list" aria-label="Suites">
      <div className="flex items-center justify-between px-1">
        <h2 className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">Suites</h2>
        <Button size="xs" variant="ghost" onClick={() => file.current?.click()} data-testid="import-suite" title="Import a suite file">
          <UploadIcon /> Import
        </Button>
        <input
          ref={file}
          type="file"
          accept=".json,application/json"
          className="hidden"
          data-testid="import-suite-file"
          onChange={(e) => {
            const f = e.target.files?.[0];
            e.target.value = "";
            if (f) void f.text().then((text) => importSuite.mutate(text, { onSuccess: (s) => onOpen(s.id) }));
          }}
        />
      </div>
      {importSuite.isError && <QueryError title="The suite file was not imported" error={importSuite.error} />}
      {suites.isError ? (
        <QueryError title="Could not load the suites" error={suites.error} onRetry={() => void suites.refetch()} />
      ) : suites.isPending ? (
        <p className="px-1 text-xs text-muted-foreground">Loading…</p>
      ) : suites.data.length === 0 ? (
        <p className="px-1 text-xs text-muted-foreground">No suites yet: save a case to start one.</p>
      ) : (
        <ul className="flex flex-col gap-0.5">
          {suites.data.map((s) => (
            <li key={s.id}>
              <button
                type="button"
                data-testid="suite-row"
                aria-current={s.id === selected ? "page" : undefined}
                onClick={() => onOpen(s.id)}
                className={cn(
                  "flex w-full items-center gap-2 rounded-md px-2 py-1.5 text-left text-sm",
                  sidebarItemState(s.id === selected),
                )}
              >
                <span className="min-w-0 flex-1 truncate">{s.name}</span>
                <span className="shrink-0 text-xs text-muted-foreground">{s.caseIds.length}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </nav>
  );
}
