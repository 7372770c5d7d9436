import { XIcon } from "lucide-react";
import { SafeText } from "@/components/ui/safe-text";
import { cn } from "@/lib/cn";

export interface LabelChipProps {
  label: string;
  onRemove?: () => void;
  /** A filter chip: pressed when the list shows only sessions with this label. */
  onToggle?: () => void;
  pressed?: boolean;
}

/** A session label: plain, removable (the session header) or a filter toggle (the session list). */
export function LabelChip({ label, onRemove, onToggle, pressed }: LabelChipProps) {
  const text = <SafeText text={label} className="max-w-32 truncate" />;
  const base = "inline-flex items-center gap-0.5 rounded-full border px-1.5 text-[11px] leading-4";
  if (onToggle)
    return (
      <button
        type="button"
        aria-pressed={pressed}
        data-testid="label-filter"
        data-label={label}
        onClick={onToggle}
        className={cn(base, "hover:bg-accent", pressed && "border-primary bg-primary text-primary-foreground hover:bg-primary/90")}
      >
        {text}
      </button>
    );
  return (
    <span className={base} data-testid="session-label" data-label={label}>
      {text}
      {onRemove && (
        <button type="button" aria-label={`Remove label ${label}`} onClick={onRemove} className="rounded-full hover:bg-accent">
          <XIcon className="size-3" />
        </button>
      )}
    </span>
  );
}
