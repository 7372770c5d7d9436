import { AUDIT_EXPORT_MAX, AUDIT_PAGE_MAX, auditQuerySchema } from "@/lib/contracts/people";
import { handle, readQuery } from "@/lib/server/http";
import { getAuditLog } from "@/lib/server/people";
import { auditCsv, auditJsonl } from "@/lib/server/people/audit-log";
import { getInbox } from "@/lib/server/inbox";

export const dynamic = "force-dynamic";

const TYPES = { csv: "text/csv; charset=utf-8", jsonl: "application/x-ndjson; charset=utf-8" } as const;

/**
 * The audit log (issue 25), newest first: `?person=&kind=&source=&from=&to=` filter it (times in ms),
 * `before=<id>` pages it. JSON by default (an AuditPage, up to 500 events); `format=jsonl|csv` is a
 * download of up to 10,000, the next page's cursor in `x-loupe-audit-next`.
 */
export function GET(req: Request): Promise<Response> {
  return handle(() => {
    const { format, limit, ...filters } = readQuery(req, auditQuerySchema);
    const log = getAuditLog();
    log.sweepRaised(getInbox().list());
    const max = format === "json" ? AUDIT_PAGE_MAX : AUDIT_EXPORT_MAX;
    const page = log.query({ ...filters, limit: Math.min(limit ?? (format === "json" ? 100 : max), max) });
    if (format === "json") return Response.json({ ...page, actors: log.actors() });
    const body = format === "csv" ? auditCsv(page.events) : auditJsonl(page.events);
    return new Response(body, {
      headers: {
        "Content-Type": TYPES[format],
        "Content-Disposition": `attachment; filename="loupe-audit.${format}"`,
        ...(page.next === null ? {} : { "x-loupe-audit-next": String(page.next) }),
      },
    });
  });
}
