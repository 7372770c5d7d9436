import { StatusDot, type StatusTone } from "@/components/elements/status-badge";

/** A saved peer's reachability, as every agent protocol reports it (the last check or call). */
export type PeerStatus = "unknown" | "starting" | "ok" | "error";

/** Records, so a new status without a label or colour is a type error (STYLE rule 7). */
export const PEER_STATUS_LABEL: Record<PeerStatus, string> = {
  unknown: "Not checked",
  starting: "Starting…",
  ok: "Reachable",
  error: "Unreachable",
};

const TONE: Record<PeerStatus, StatusTone> = {
  unknown: "canceled",
  starting: "running",
  ok: "ok",
  error: "failed",
};

export interface PeerStatusDotProps {
  status: PeerStatus;
  showLabel?: boolean;
  /**
   * Said instead of "Not checked" by a protocol whose peers Loupe cannot probe apart from using them
   * (AG-UI has one endpoint, the run: "Not run yet: a run checks it").
   */
  unchecked?: string;
}

/** A peer's status as a coloured dot with its label. */
export function PeerStatusDot({ status, showLabel = true, unchecked }: PeerStatusDotProps) {
  const label = status === "unknown" && unchecked ? unchecked : PEER_STATUS_LABEL[status];
  return <StatusDot tone={TONE[status]} label={label} status={status} showLabel={showLabel} />;
}
