import { useState } from "react";
import { DEFAULT_MAX_TOTAL_TIMEOUT_MS } from "@/lib/contracts/calls";

export interface RunLimits {
  timeout: string;
  setTimeout: (text: string) => void;
  maxTotal: string;
  setMaxTotal: (text: string) => void;
  timeoutMs: number;
  maxTotalTimeoutMs: number;
  /** Why the two numbers cannot be used, or null. */
  error: string | null;
}

/**
 * The per-call timeout (reset by every progress message, as the SDK's resetTimeoutOnProgress does)
 * and the total cap that progress cannot extend (the SDK's maxTotalTimeout), as typed.
 */
export function useRunLimits(defaultTimeoutMs: number): RunLimits {
  const [timeout, setTimeout] = useState(String(defaultTimeoutMs));
  const [maxTotal, setMaxTotal] = useState(String(Math.max(defaultTimeoutMs, DEFAULT_MAX_TOTAL_TIMEOUT_MS)));
  const timeoutMs = Number(timeout);
  const maxTotalTimeoutMs = Number(maxTotal);
  let error: string | null = null;
  if (!Number.isInteger(timeoutMs) || timeoutMs < 100 || timeoutMs > 3_600_000) error = "Timeout must be 100 – 3,600,000 ms";
  else if (!Number.isInteger(maxTotalTimeoutMs) || maxTotalTimeoutMs < timeoutMs || maxTotalTimeoutMs > 86_400_000) {
    error = "Total cap must be at least the timeout and at most 86,400,000 ms";
  }
  return { timeout, setTimeout, maxTotal, setMaxTotal, timeoutMs, maxTotalTimeoutMs, error };
}
