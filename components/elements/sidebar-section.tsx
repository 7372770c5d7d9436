import type { ReactNode } from "react";
import { PlusIcon } from "lucide-react";
import type { AppError } from "@/lib/errors";
import { Button } from "@/components/ui/button";
import { QueryError } from "@/components/elements/query-error";
import { cn } from "@/lib/cn";
import { useAdminAction } from "@/components/elements/role";

export interface SidebarSectionProps {
  testId?: string;
  className?: string;
  /** The heading: words with an icon (SidebarSectionTitle), or a link to the section's page. */
  title: ReactNode;
  /** Beside the heading (the add button). */
  action?: ReactNode;
  /** The list could not be read: said instead of the list, with Retry. */
  failure?: { title: string; error: AppError | Error; onRetry: () => void } | null;
  /** Said while the list is read. */
  loading?: string | false;
  /** Said when the list is read and empty. */
  empty?: string | false;
  /** The list, once read and not empty; then what follows it (errors of its actions, dialogs). */
  children: ReactNode;
  footer?: ReactNode;
}

/** One section of the sidebar: its heading and action, then its list or the list's state (failed, loading, empty). */
export function SidebarSection({ testId, className, title, action, failure, loading, empty, children, footer }: SidebarSectionProps) {
  return (
    <div className={cn("flex flex-col border-t", className)} data-testid={testId}>
      <div className="flex items-center justify-between px-3 pt-2 pb-1">
        {title}
        {action}
      </div>
      {failure ? (
        <QueryError className="m-2" title={failure.title} error={failure.error} onRetry={failure.onRetry} />
      ) : loading ? (
        <p className="px-3 pb-2 text-xs text-muted-foreground">{loading}</p>
      ) : empty ? (
        <p className="px-3 pb-2 text-xs text-muted-foreground">{empty}</p>
      ) : (
        children
      )}
      {footer}
    </div>
  );
}

/** A sidebar section's heading: small capitals after an icon. */
export function SidebarSectionTitle({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <span className="flex items-center gap-1.5 text-xs font-semibold tracking-wide text-muted-foreground uppercase">
      {icon} {children}
    </span>
  );
}

/** The small "+" beside a sidebar heading. */
export function SidebarAddButton({ label, testId, onClick }: { label: string; testId: string; onClick: () => void }) {
  // Adding a peer is an admin's (team mode): disabled for other roles, the reason in its title.
  const admin = useAdminAction(label);
  return (
    <Button size="icon" variant="ghost" className="size-6" aria-label={label} data-testid={testId} onClick={onClick} {...admin}>
      <PlusIcon />
    </Button>
  );
}
