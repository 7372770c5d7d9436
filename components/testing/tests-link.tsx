"use client";

import { FlaskConicalIcon } from "lucide-react";
import { ViewLink } from "@/components/elements/view-link";

export interface TestsLinkProps {
  /** The Tests view is open. */
  active: boolean;
  onOpen: () => void;
}

/** The sidebar's Tests entry (issue 24): saved cases, suites and their runs. */
export function TestsLink({ active, onOpen }: TestsLinkProps) {
  return <ViewLink active={active} onOpen={onOpen} icon={FlaskConicalIcon} label="Tests" testId="tests-link" />;
}
