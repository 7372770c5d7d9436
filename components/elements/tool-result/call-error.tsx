import type { CallStatus } from "@/lib/contracts/calls";
import type { AppErrorBody } from "@/lib/errors";
import { readRpcErrorDetails } from "@/lib/tool-result/status";
import { rpcErrorText } from "@/lib/protocols/mcp/error-text";
import { RawJson } from "@/components/elements/raw-json";
import { requiredUrlElicitations, UrlElicitationError } from "./url-elicitation-error";

export interface CallErrorViewProps {
  status: CallStatus;
  error: AppErrorBody;
  /** Runs the same call again; offered where a retry is what the error asks for (-32042). */
  onRetry?: () => void;
}

const ERROR_TITLE: Partial<Record<CallStatus, string>> = {
  rpc_error: "JSON-RPC error",
  timeout: "The call timed out",
  cancelled: "The call was cancelled",
  failed: "The call failed",
};

/**
 * A call that produced no CallToolResult. Distinct from a tool error (`isError`), which is a result
 * the tool chose to return: here the protocol or transport failed.
 */
export function CallErrorView({ status, error, onRetry }: CallErrorViewProps) {
  const rpc = status === "rpc_error" ? readRpcErrorDetails(error.details) : null;
  // URL elicitation required: the links and a retry instead of raw data (still under Raw).
  const links = status === "rpc_error" ? requiredUrlElicitations(error.details) : null;
  const danger = status === "rpc_error" || status === "failed";
  return (
    <section
      data-testid="call-error"
      data-status={status}
      className={
        danger
          ? "flex flex-col gap-2 rounded-md border border-destructive/40 bg-destructive/5 p-3"
          : "flex flex-col gap-2 rounded-md border border-amber-500/40 bg-amber-500/5 p-3"
      }
    >
      <h4 className="text-sm font-semibold">{ERROR_TITLE[status] ?? "Error"}</h4>
      {rpc?.code !== undefined && (
        <div className="text-sm">
          <span className="text-muted-foreground">Code </span>
          <code data-testid="rpc-error-code" className="font-mono">
            {rpc.code}
          </code>
          {rpc.name && <span className="text-muted-foreground"> ({rpc.name})</span>}
        </div>
      )}
      <p data-testid="call-error-message" className="text-sm break-words whitespace-pre-wrap">
        {/* Calls stored before the runner collapsed it may still carry the SDK prefix twice. */}
        {rpcErrorText(error.message)}
      </p>
      <code className="font-mono text-xs text-muted-foreground">{error.code}</code>
      {links && <UrlElicitationError links={links} onRetry={onRetry} />}
      {rpc?.hasData && !links && <RawJson value={rpc.data} filename="rpc-error-data.json" title="Error data" />}
      {!rpc && error.details !== undefined && <RawJson value={error.details} filename="error-details.json" title="Details" />}
    </section>
  );
}
