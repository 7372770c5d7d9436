"use client";

import { ScrollTextIcon } from "lucide-react";
import { ViewLink } from "@/components/elements/view-link";

export interface AuditLinkProps {
  /** The Audit view is open. */
  active: boolean;
  onOpen: () => void;
}

/** The sidebar's Audit entry (issue 25): who raised, answered, approved, edited or rejected what. */
export function AuditLink({ active, onOpen }: AuditLinkProps) {
  return <ViewLink active={active} onOpen={onOpen} icon={ScrollTextIcon} label="Audit" testId="audit-link" />;
}
