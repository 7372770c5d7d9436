import type { ClientCapabilitiesConfig, ConnectionView } from "@/lib/contracts/connections";
import type { McpClientRequest } from "@/lib/contracts/mcp-requests";
import { isRecord } from "@/lib/values";
import { serverTaskSupport, TASKS_EXTENSION } from "@/lib/contracts/tasks";

/**
 * What the Client tab says about the *connected* server beside each capability (issue 22: the
 * tab used to print server-everything's notes whatever server was open). Pure: built from what
 * Loupe knows — the server's initialize answer (serverInfo, capabilities), the requests it sent
 * this connection (sampling, elicitation, roots) and the tools it lists now. server-everything's
 * own notes are added only when the server says it is server-everything (serverInfo.name).
 */
export type CapabilityKey = keyof ClientCapabilitiesConfig;

/** serverInfo.name of @modelcontextprotocol/server-everything. */
export const EVERYTHING_SERVER_NAME = "mcp-servers/everything";

export interface ClientHintInput {
  connection: ConnectionView;
  /** The connection's sampling and elicitation requests (GET …/requests); null while unknown. */
  requests: readonly McpClientRequest[] | null;
  /** How often it asked for roots in this process (GET …/roots); null while unknown. */
  rootsAsked: number | null;
  /** How many tools it lists now; null while unknown. */
  toolCount: number | null;
}

export interface ClientHints {
  /** "name version" as the server introduced itself, or null before it connected. */
  server: string | null;
  /** The capabilities the server declared (in initialize, or its server/discover on 2026-07-28). */
  declared: string[];
  /** One line per capability about this server. */
  capability: Record<CapabilityKey, string>;
  /** How many tools it lists with what Loupe declares (in this session, or with each request on 2026-07-28). */
  tools: string | null;
  /** server-everything's own notes, only for server-everything. */
  everything: { capability: Record<CapabilityKey, string>; toolCount: (c: ClientCapabilitiesConfig) => number } | null;
}

const times = (n: number) => (n === 1 ? "once" : `${n} times`);
const asked = (n: number | null, what: string) =>
  n === null
    ? `Loupe has not read yet whether this server asked for ${what}.`
    : n > 0
      ? `This server asked for ${what} ${times(n)}.`
      : `This server has not asked for ${what} so far.`;

/**
 * How many tools server-everything registers for a capability choice (13 for none, 17 with
 * sampling + elicitation + roots, 19 with tasks too): one conditional tool per capability.
 */
export function everythingToolCount(c: ClientCapabilitiesConfig): number {
  const elicitation = c.elicitationForm || c.elicitationUrl;
  return (
    13 +
    Number(c.sampling) +
    Number(elicitation) +
    Number(c.elicitationUrl) +
    Number(c.roots) +
    Number(c.tasks && c.sampling) +
    Number(c.tasks && elicitation)
  );
}

const EVERYTHING_NOTES: Record<CapabilityKey, string> = {
  sampling: "adds trigger-sampling-request",
  elicitationForm: "adds trigger-elicitation-request (with URL mode too, it is one tool)",
  elicitationUrl: "adds trigger-url-elicitation",
  roots: "adds get-roots-list",
  tasks: "adds the -async variants of the sampling and elicitation tools",
};

export function clientHints({ connection, requests, rootsAsked, toolCount }: ClientHintInput): ClientHints {
  const info = connection.state.serverInfo;
  const count = (pick: (r: McpClientRequest) => boolean) => (requests === null ? null : requests.filter(pick).length);
  const declared = Object.keys(connection.state.capabilities ?? {});
  const taskAsks = count((r) => isRecord(r.params.task));
  const serverTasks = declared.includes("tasks");
  const extension = serverTaskSupport(connection.state.capabilities).extension === true;
  return {
    server: info ? `${info.title ?? info.name} ${info.version}`.trim() : null,
    declared,
    capability: {
      sampling: asked(
        count((r) => r.kind === "sampling"),
        "sampling",
      ),
      elicitationForm: asked(
        count((r) => r.kind === "elicitation_form"),
        "a form",
      ),
      elicitationUrl: asked(
        count((r) => r.kind === "elicitation_url"),
        "a URL visit",
      ),
      roots: asked(rootsAsked, "roots"),
      tasks:
        taskAsks !== null && taskAsks > 0
          ? `This server sent ${taskAsks} request${taskAsks === 1 ? "" : "s"} as tasks.`
          : extension
            ? `This server declares the Tasks extension (${TASKS_EXTENSION}): it may answer any tool call with a task; it has not sent a request as a task so far.`
            : serverTasks
              ? "This server declares tasks of its own; it has not sent a request as a task so far."
              : "This server declares no tasks capability and has not sent a request as a task.",
    },
    tools:
      toolCount === null || connection.state.status !== "connected"
        ? null
        : `It lists ${toolCount} tool${toolCount === 1 ? "" : "s"} with what Loupe declares ${connection.state.era?.mode === "modern" ? "with each request" : "in this session"}; a server may offer other tools for other capabilities.`,
    everything: info?.name === EVERYTHING_SERVER_NAME ? { capability: EVERYTHING_NOTES, toolCount: everythingToolCount } : null,
  };
}
