import "server-only";
import type { JSONRPCMessage, MessageExtraInfo, RequestId } from "@modelcontextprotocol/client";
import { isRpcRequest } from "@/lib/server/mcp/jsonrpc-shape";

type Deliver = (message: JSONRPCMessage, extra?: MessageExtraInfo) => void;

/** The id a `notifications/cancelled` names, when the message is one. */
function cancelledId(message: JSONRPCMessage): RequestId | undefined {
  if (!("method" in message) || message.method !== "notifications/cancelled" || "id" in message) return undefined;
  const id: unknown = message.params?.requestId;
  return typeof id === "string" || typeof id === "number" ? id : undefined;
}

/**
 * Hands the server's messages to the SDK Client in wire order, with one exception. Once the server
 * cancelled its request N, N is free again, and servers do send a new request N. The SDK acts on a
 * cancel a few microtasks after it arrived, by looking N up among its running handlers; a new
 * request N that came in the same read was registered under N by then, so the cancel ended the new
 * request and the old one's handler answered N with an error. Such a request waits (with whatever
 * came after it) until the next turn of the event loop, when the cancel has been handled.
 */
export class InboundOrder {
  /** Ids the server cancelled in this turn. */
  private readonly cancelled = new Set<RequestId>();
  private held: { message: JSONRPCMessage; extra?: MessageExtraInfo }[] | null = null;
  private turn: NodeJS.Immediate | null = null;

  constructor(private readonly deliver: Deliver) {}

  push(message: JSONRPCMessage, extra?: MessageExtraInfo): void {
    if (this.held) {
      this.held.push({ message, extra });
      return;
    }
    if (isRpcRequest(message) && this.cancelled.has(message.id)) {
      this.held = [{ message, extra }];
      this.nextTurn();
      return;
    }
    const cancelled = cancelledId(message);
    if (cancelled !== undefined) {
      this.cancelled.add(cancelled);
      this.nextTurn();
    }
    this.deliver(message, extra);
  }

  /**
   * The transport closed: what waits goes on now, before the SDK hears of the close (the close
   * comes in a later turn than the read, so the cancels of that read were handled).
   */
  close(): void {
    if (this.turn) clearImmediate(this.turn);
    this.turn = null;
    this.cancelled.clear();
    const held = this.held ?? [];
    this.held = null;
    for (const { message, extra } of held) this.deliver(message, extra);
  }

  private nextTurn(): void {
    this.turn ??= setImmediate(() => {
      this.turn = null;
      this.cancelled.clear();
      const held = this.held ?? [];
      this.held = null;
      // Through push again: a cancel and a reuse among them wait for the turn after.
      for (const { message, extra } of held) this.push(message, extra);
    });
  }
}
