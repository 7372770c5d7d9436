import { InfoIcon, XIcon } from "lucide-react";

export interface ListChangedBannerProps {
  /** How many list_changed notifications arrived since the user dismissed the banner. */
  changes: number;
  /** "resource" / "prompt". */
  what: string;
  onDismiss: () => void;
  testId: string;
}

/** Shown after notifications/{resources,prompts}/list_changed: the list below is already re-fetched. */
export function ListChangedBanner({ changes, what, onDismiss, testId }: ListChangedBannerProps) {
  if (changes <= 0) return null;
  return (
    <div
      role="status"
      data-testid={testId}
      className="flex items-center gap-2 border-b bg-sky-500/10 px-3 py-1.5 text-xs text-sky-800 dark:text-sky-300"
    >
      <InfoIcon className="size-3.5 shrink-0" />
      <span className="flex-1">
        The server changed its {what} list{changes > 1 ? ` (${changes}×)` : ""} — list updated.
      </span>
      <button type="button" aria-label="Dismiss" onClick={onDismiss} className="opacity-70 hover:opacity-100">
        <XIcon className="size-3.5" />
      </button>
    </div>
  );
}
