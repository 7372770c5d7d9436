import type { ServerResponse } from "node:http";
import { expect, vi } from "vitest";
import type { A2aHumanRequest } from "@/lib/contracts/a2a";
import type { Actor, AuditEvent } from "@/lib/contracts/people";
import type { A2aRegistry } from "@/lib/server/a2a/registry";
import { runAsActor } from "@/lib/server/people/actor-context";
import { AuditLog } from "@/lib/server/people/audit-log";

/** A new task of the agent waiting for input, and its request. */
export async function askedRequest(a2a: A2aRegistry, agentId: string): Promise<A2aHumanRequest> {
  const sent = await a2a.send(agentId, { parts: [{ kind: "text", text: "input" }], stream: true });
  await a2a.waitExchange(sent.exchangeId);
  const found = a2a.listRequests().find((r) => r.taskId === sent.taskId && r.status === "pending");
  if (!found) throw new Error("the task asked nothing");
  return found;
}

/** The A2A audit's `failed` rows in the registry's store, oldest first. */
export const failedA2aRows = (a2a: A2aRegistry): AuditEvent[] =>
  new AuditLog(a2a.hub.store).query({ source: "a2a", kind: "failed", limit: 50 }).events.reverse();

/**
 * Gives each answer (its text, as its actor), one after another, and waits until the gateway in front
 * of the agent holds it (`held`: its held calls): sent, and the agent never replies. Nothing awaits
 * the answers themselves.
 */
export async function answerHeld(
  a2a: A2aRegistry,
  held: readonly ServerResponse[],
  answers: readonly { as: Actor; request: A2aHumanRequest; text: string }[],
): Promise<void> {
  for (const { as, request, text } of answers) {
    const before = held.length;
    void runAsActor(as, () => a2a.answerRequest(request.id, { kind: "text", text })).catch(() => undefined);
    await vi.waitFor(() => expect(held).toHaveLength(before + 1));
  }
}
