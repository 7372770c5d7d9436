import { InterruptStatusBadge } from "./interrupt-header";
import { KIND_LABEL, inboxStatus, rowKind, rowPrompt, rowSourceLabel, type AnyInboxRow } from "./inbox-status";
import { SafeText } from "@/components/ui/safe-text";

/** The default list entry: a one-glance summary (the container passes `renderCard` for real cards). */
export function InboxRow({ item }: { item: AnyInboxRow }) {
  return (
    <div className="flex flex-col gap-1 rounded-md border px-3 py-2">
      <div className="flex items-center gap-2">
        <span className="text-sm font-medium">{KIND_LABEL[rowKind(item)]}</span>
        <InterruptStatusBadge status={inboxStatus(item)} />
      </div>
      <p className="line-clamp-2 text-sm">{rowPrompt(item)}</p>
      <SafeText text={rowSourceLabel(item)} className="font-mono text-xs text-muted-foreground" />
    </div>
  );
}
