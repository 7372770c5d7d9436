import type { CaseChange, CaseStatus, RunStatus } from "@/lib/contracts/testing";
import { CASE_CHANGE_TEXT, CASE_STATUS_TEXT, RUN_STATUS_TEXT } from "@/lib/workbench/testing-view";
import { Badge } from "@/components/ui/badge";
import { StatusBadge } from "@/components/elements/status-badge";

/** A case's verdict (pass / fail / could not run). */
export function CaseStatusBadge({ status }: { status: CaseStatus }) {
  const { label, tone } = CASE_STATUS_TEXT[status];
  return (
    <StatusBadge tone={tone} data-testid="case-status" data-status={status}>
      {label}
    </StatusBadge>
  );
}

export function RunStatusBadge({ status }: { status: RunStatus }) {
  const { label, tone } = RUN_STATUS_TEXT[status];
  return (
    <StatusBadge tone={tone} data-testid="run-status" data-status={status}>
      {label}
    </StatusBadge>
  );
}

/** How a case moved against the baseline. */
export function ChangeBadge({ change }: { change: CaseChange }) {
  const { label, tone } = CASE_CHANGE_TEXT[change];
  return (
    <StatusBadge tone={tone} data-testid="case-change" data-change={change}>
      {label}
    </StatusBadge>
  );
}

/** Repetitions of one case that disagreed. */
export function FlakyBadge({ passed, total }: { passed: number; total: number }) {
  return (
    <Badge variant="warning" data-testid="flaky" title={`Passed ${passed} of ${total} repetitions`}>
      Flaky {passed}/{total}
    </Badge>
  );
}
