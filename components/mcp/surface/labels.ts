import type { StatusTone } from "@/components/elements/status-badge";
import type { ChangeKind } from "@/lib/surface";

/** Each kind of change, as a heading and a tone (a Record: a new kind without a label is a type error). */
export const CHANGE_LABEL: Record<ChangeKind, { title: string; tone: StatusTone }> = {
  breaking: { title: "Breaking", tone: "failed" },
  addition: { title: "Added", tone: "ok" },
  change: { title: "Changed", tone: "warning" },
  cosmetic: { title: "Cosmetic", tone: "stale" },
};
