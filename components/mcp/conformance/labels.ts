import type { StatusTone } from "@/components/elements/status-badge";
import type { CheckStatus, ConformanceRunStatus } from "@/lib/contracts/conformance";

type BadgeVariant = "success" | "destructive" | "warning" | "info" | "secondary" | "outline";

export const RUN_STATUS_LABEL: Record<ConformanceRunStatus, string> = {
  running: "Running",
  passed: "Passed",
  failed: "Failed",
  cancelled: "Cancelled",
  timed_out: "Timed out",
  error: "Error",
  interrupted: "Interrupted",
};

export const RUN_STATUS_TONE: Record<ConformanceRunStatus, StatusTone> = {
  running: "running",
  passed: "ok",
  failed: "failed",
  cancelled: "canceled",
  timed_out: "warning",
  error: "failed",
  interrupted: "stale",
};

type KnownCheckStatus = "SUCCESS" | "FAILURE" | "WARNING" | "INFO" | "SKIPPED";

const CHECK_LABEL: Record<KnownCheckStatus, string> = {
  SUCCESS: "Pass",
  FAILURE: "Fail",
  WARNING: "Warning",
  INFO: "Info",
  SKIPPED: "Skipped",
};

const CHECK_VARIANT: Record<KnownCheckStatus, BadgeVariant> = {
  SUCCESS: "success",
  FAILURE: "destructive",
  WARNING: "warning",
  INFO: "info",
  SKIPPED: "secondary",
};

const known = (s: CheckStatus): s is KnownCheckStatus => s in CHECK_LABEL;

/** A status a newer suite invents shows as itself, outlined. */
export const checkLabel = (s: CheckStatus): string => (known(s) ? CHECK_LABEL[s] : s);
export const checkVariant = (s: CheckStatus): BadgeVariant => (known(s) ? CHECK_VARIANT[s] : "outline");
