import "server-only";
import type { BundleUnitType } from "@/lib/contracts/bundle";
import type { InboxSource } from "@/lib/contracts/inbox";
import type { PeerInputByProtocol } from "@/lib/contracts/protocols";
import { a2aAdapter } from "@/lib/server/a2a/adapter";
import { adkAdapter } from "@/lib/server/adk/adapter";
import { aguiAdapter } from "@/lib/server/agui/adapter";
import { langgraphAdapter } from "@/lib/server/langgraph/adapter";
import { mcpAdapter } from "@/lib/server/mcp/adapter";
import { playgroundAdapter } from "@/lib/server/playground/adapter";
import type { PROTOCOL_TABLES } from "@/lib/server/protocols/tables";
import type { ProtocolRegistry } from "@/lib/server/protocols/types";

/**
 * The server registry (issue 20): every protocol's adapter, the one shared file under lib/server
 * that imports protocol folders (.dependency-cruiser.cjs, core-not-to-protocols). The core loops
 * over it in this order: boot (MCP's connections first, then the agents), inbox ties, search hits
 * (ADK sessions, playground conversations, A2A contexts, AG-UI threads, LangGraph threads).
 */
export const PROTOCOL_ADAPTERS = [
  mcpAdapter,
  adkAdapter,
  playgroundAdapter,
  a2aAdapter,
  aguiAdapter,
  langgraphAdapter,
] as const satisfies ProtocolRegistry;

type Adapter = (typeof PROTOCOL_ADAPTERS)[number];
export type ProtocolId = Adapter["id"];

// What the contracts declare, every adapter must provide: a unit type, an inbox source or a peer
// protocol without its adapter's part is a compile error here, not a gap found by a user.
type Missing<Declared, Provided> = [Exclude<Declared, Provided>] extends [never] ? true : Exclude<Declared, Provided>;
const everyUnitHasItsModule: Missing<BundleUnitType, Adapter["bundleUnits"][number]["type"]> = true;
const everySourceHasItsReader: Missing<
  Exclude<InboxSource, "approval">,
  ReturnType<NonNullable<Adapter["inbox"]>>[number]["source"]
> = true;
const everyPeerProtocolHasItsAdapter: Missing<keyof PeerInputByProtocol, ProtocolId> = true;
const everyProtocolHasItsTables: Missing<ProtocolId, keyof typeof PROTOCOL_TABLES> = true;
void [everyUnitHasItsModule, everySourceHasItsReader, everyPeerProtocolHasItsAdapter, everyProtocolHasItsTables];
