import { InfoIcon, XIcon } from "lucide-react";

/** Shown after notifications/tools/list_changed: the list below is already re-fetched. */
export function ToolsChangedBanner({ changes, onDismiss }: { changes: number; onDismiss: () => void }) {
  if (changes <= 0) return null;
  return (
    <div
      role="status"
      data-testid="tools-changed"
      className="flex items-center gap-2 border-b bg-sky-500/10 px-3 py-1.5 text-xs text-sky-800 dark:text-sky-300"
    >
      <InfoIcon className="size-3.5 shrink-0" />
      <span className="flex-1">The server changed its tool list{changes > 1 ? ` (${changes}×)` : ""} — list updated.</span>
      <button type="button" aria-label="Dismiss" onClick={onDismiss} className="opacity-70 hover:opacity-100">
        <XIcon className="size-3.5" />
      </button>
    </div>
  );
}
