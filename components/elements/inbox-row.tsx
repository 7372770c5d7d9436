import type { InboxRow as Row } from "@/lib/contracts/inbox";
import { RequestStatusBadge } from "@/components/elements/request/request-status";
import { textOf } from "@/lib/workbench/inbox";
import { SafeText } from "@/components/ui/safe-text";

/** The default list entry: a one-glance summary of any source's row (the inbox view passes real cards). */
export function InboxRow({ item }: { item: Row }) {
  const t = textOf(item);
  return (
    <div className="flex flex-col gap-1 rounded-md border px-3 py-2">
      <div className="flex items-center gap-2">
        <span className="text-sm font-medium">{t.kindLabel(item)}</span>
        <span className="text-xs text-muted-foreground">{t.label}</span>
        <RequestStatusBadge status={t.status(item)} />
      </div>
      <p className="line-clamp-2 text-sm">{t.prompt(item)}</p>
      <SafeText text={t.where(item)} className="font-mono text-xs text-muted-foreground" />
    </div>
  );
}
