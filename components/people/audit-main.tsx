"use client";

import { useState } from "react";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { DownloadIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { AUDIT_KINDS } from "@/lib/contracts/people";
import type { InboxSource } from "@/lib/contracts/inbox";
import { auditQuery, peopleApi, type AuditFilters } from "@/lib/queries/people";
import { INBOX_SOURCE_TEXT } from "@/lib/workbench/inbox";
import { downloadText } from "@/lib/tool-result/download";
import { AuditFilterBar } from "./audit-filters";
import { AuditTable } from "./audit-table";
import { ServiceTokens } from "./service-tokens";
import { useCan, useTeamMode } from "@/components/elements/role";

const isSource = (s: string): s is InboxSource => Object.hasOwn(INBOX_SOURCE_TEXT, s);
const sourceLabel = (s: string) => (isSource(s) ? INBOX_SOURCE_TEXT[s].label : s);
const SOURCES = Object.keys(INBOX_SOURCE_TEXT).filter(isSource);

const MIME = { csv: "text/csv", jsonl: "application/x-ndjson" } as const;

/**
 * ?view=audit (issue 25): every human request raised and every answer, approval, edit and rejection,
 * with who and when; filtered by person, kind, where and time, paged newest first, exported as JSON
 * Lines or CSV. Admins also manage the service tokens here.
 */
export function AuditMain() {
  const [filters, setFilters] = useState<AuditFilters>({});
  const [pages, setPages] = useState<(number | undefined)[]>([undefined]);
  const before = pages.at(-1);
  const page = useQuery({ ...auditQuery(filters, before), placeholderData: keepPreviousData });
  const [exportError, setExportError] = useState<string | null>(null);
  const admin = useCan("admin").allowed;
  const team = useTeamMode();
  const change = (next: AuditFilters) => {
    setFilters(next);
    setPages([undefined]);
  };
  const exportAs = (format: "jsonl" | "csv") => {
    setExportError(null);
    peopleApi.exportAudit(filters, format).then(
      (text) => downloadText(text, `loupe-audit.${format}`, MIME[format]),
      (e: Error) => setExportError(e.message),
    );
  };
  return (
    <div className="flex min-h-0 flex-1 flex-col" data-testid="audit-view">
      <div className="flex flex-wrap items-end gap-2 border-b p-3">
        <h2 className="mr-2 text-base font-semibold">Audit</h2>
        <AuditFilterBar
          filters={filters}
          onChange={change}
          actors={page.data?.actors ?? []}
          kinds={AUDIT_KINDS}
          sources={SOURCES}
          sourceLabel={sourceLabel}
        />
        <div className="ml-auto flex gap-1.5">
          <Button variant="outline" size="sm" onClick={() => exportAs("jsonl")} data-testid="audit-export-jsonl">
            <DownloadIcon aria-hidden /> JSON Lines
          </Button>
          <Button variant="outline" size="sm" onClick={() => exportAs("csv")} data-testid="audit-export-csv">
            <DownloadIcon aria-hidden /> CSV
          </Button>
        </div>
      </div>
      {team === false && (
        <p className="border-b bg-muted/40 px-3 py-2 text-xs text-muted-foreground" data-testid="audit-local-note">
          Local mode: Loupe has one user, the local token, so every answer here is its own. The log fills in with who did what in team mode,
          where people sign in with their roles: start Loupe with <code>--team</code> or set <code>LOUPE_OIDC_ISSUER</code>.
        </p>
      )}
      {exportError && <p className="px-3 pt-2 text-xs text-destructive">Export failed: {exportError}</p>}
      <div className="min-h-0 flex-1 overflow-y-auto">
        {page.error ? (
          <p className="p-4 text-sm text-destructive">{page.error.message}</p>
        ) : (
          <AuditTable events={page.data?.events ?? []} sourceLabel={sourceLabel} />
        )}
        <div className="flex items-center gap-2 p-3 text-xs text-muted-foreground">
          <Button variant="ghost" size="xs" disabled={pages.length < 2} onClick={() => setPages((p) => p.slice(0, -1))}>
            Newer
          </Button>
          <span>Page {pages.length}</span>
          <Button
            variant="ghost"
            size="xs"
            disabled={!page.data?.next}
            onClick={() => page.data?.next && setPages((p) => [...p, page.data.next ?? undefined])}
            data-testid="audit-older"
          >
            Older
          </Button>
        </div>
        {admin && <ServiceTokens />}
      </div>
    </div>
  );
}
