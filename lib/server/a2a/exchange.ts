import "server-only";
import type { A2aAgentInput, A2aAgentState } from "@/lib/contracts/a2a";
import type { A2aWire } from "@/lib/server/a2a/wire";
import type { PeerEntry } from "@/lib/server/peers/registry";

/** What one call to an A2A agent is, and what it needs of the saved agents (exchanges.ts makes and drains them). */

export type A2aAgentEntry = PeerEntry<A2aAgentInput, A2aAgentState>;

/** One call to the agent: its wire, and what the agent's frames said. */
export interface Exchange {
  id: string;
  agentId: string;
  wire: A2aWire;
  error?: { code: number | string; message: string; data?: unknown };
  frames: number;
  taskIds: Set<string>;
  /** The task the agent's first frame named: what the send answers (a continuation may be answered with a new task). */
  namedTaskId?: string;
  /** Aborts the exchange's HTTP requests (its stream): the agent was removed, or Loupe stops. */
  abort: AbortController;
  /** Why it was aborted: the `a2a_stream` closed entry's reason. */
  aborted?: string;
  /** Called when the agent's event stream arrived, before any of its frames is recorded (records the stream's open). */
  onOpen?: () => void;
  /** Called with each frame of a stream that parsed (not an error frame), once recorded and applied. */
  onFrame?: () => void;
  /** Called once per task the agent names, before that frame is applied (so before any of its requests is recorded). */
  onTask?: (taskId: string) => void;
}

/** What exchanges need of the saved agents: the entry (its card read when missing). */
export interface A2aAgentLookup {
  require(agentId: string): A2aAgentEntry;
  /** Reads the card again; a card that cannot be had is kept in the agent's state, and thrown. */
  refreshCard(agentId: string): Promise<unknown>;
  /** Nothing answered a call: the agent is listed unreachable with this message. */
  unreachable(agentId: string, message: string): void;
}
