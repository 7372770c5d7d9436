import type { ToolAnnotations as Annotations } from "@modelcontextprotocol/sdk/types.js";
import { Badge } from "@/components/ui/badge";
import type { badgeVariants } from "@/components/ui/badge";
import type { VariantProps } from "class-variance-authority";

type Hint = "readOnlyHint" | "destructiveHint" | "idempotentHint" | "openWorldHint";
type Variant = VariantProps<typeof badgeVariants>["variant"];

const HINTS: Record<Hint, { label: string; variant: Variant; title: string }> = {
  readOnlyHint: { label: "read-only", variant: "success", title: "Does not modify its environment" },
  destructiveHint: { label: "destructive", variant: "destructive", title: "May perform destructive updates" },
  idempotentHint: { label: "idempotent", variant: "info", title: "Repeating the call with the same arguments has no extra effect" },
  openWorldHint: { label: "open-world", variant: "warning", title: "Interacts with external entities" },
};

/**
 * Only hints the server states explicitly are shown: the spec's defaults (destructive,
 * open-world) would put the same badges on every unannotated tool. A destructive hint is
 * meaningless on a read-only tool (spec), so it is hidden there.
 */
export function annotationHints(a: Annotations | undefined): Hint[] {
  if (!a) return [];
  return (Object.keys(HINTS) as Hint[]).filter((h) => a[h] === true && !(h === "destructiveHint" && a.readOnlyHint === true));
}

export function ToolAnnotationBadges({ annotations, className }: { annotations: Annotations | undefined; className?: string }) {
  const hints = annotationHints(annotations);
  if (hints.length === 0) return null;
  return (
    <span
      className={className ?? "flex flex-wrap gap-1"}
      title={hints.map((h) => HINTS[h].label).join(", ")}
      data-testid="tool-annotation-badges"
    >
      {hints.map((h) => (
        <Badge key={h} variant={HINTS[h].variant} title={HINTS[h].title} className="px-1 py-0 text-[10px]" data-annotation={h}>
          {HINTS[h].label}
        </Badge>
      ))}
    </span>
  );
}
