import "server-only";
import { randomUUID } from "node:crypto";
import { Role } from "@a2a-js/sdk";
import type { AgentCard, Part, SendMessageRequest } from "@a2a-js/sdk";
import { ClientFactory, DefaultAgentCardResolver, JsonRpcTransportFactory, RestTransportFactory } from "@a2a-js/sdk/client";
import type { Client } from "@a2a-js/sdk/client";
import type { A2aPartInput, A2aSendBody, A2aTransport } from "@/lib/contracts/a2a";

/**
 * The official SDK client for one exchange. Its v0.3 compat layer is on: a card in the v0.3 shape
 * (or a v1.0 card whose interfaces say 0.x) gets the legacy transports, so Loupe speaks the
 * agent's own version. gRPC is not offered: @grpc/grpc-js (the SDK's gRPC transport) is not
 * installed here.
 */
export async function makeClient(card: unknown, transport: A2aTransport | undefined, fetchImpl: typeof fetch): Promise<Client> {
  const options = { fetchImpl, legacyCompat: { enabled: true } };
  const factory = new ClientFactory({
    transports: [new JsonRpcTransportFactory(options), new RestTransportFactory(options)],
    ...(transport && transport !== "GRPC" ? { preferredTransports: [transport] } : {}),
    cardResolver: new DefaultAgentCardResolver({ fetchImpl, legacyCompat: { enabled: true } }),
  });
  return factory.createFromAgentCard(card as AgentCard);
}

function part(p: A2aPartInput): Part {
  if (p.kind === "text") return { content: { $case: "text", value: p.text }, metadata: undefined, filename: "", mediaType: "text/plain" };
  if (p.kind === "data") return { content: { $case: "data", value: p.data }, metadata: p.metadata, filename: "", mediaType: "application/json" };
  return { content: { $case: "raw", value: Buffer.from(p.bytes, "base64") }, metadata: undefined, filename: p.name ?? "", mediaType: p.mimeType };
}

/** A user message in the SDK's (v1.0) model; the transport writes it in the agent's version. */
export function sendRequest(body: Pick<A2aSendBody, "parts" | "contextId" | "taskId" | "metadata">): SendMessageRequest {
  return {
    tenant: "",
    message: {
      messageId: randomUUID(),
      contextId: body.contextId ?? "",
      taskId: body.taskId ?? "",
      role: Role.ROLE_USER,
      parts: body.parts.map(part),
      metadata: body.metadata,
      extensions: [],
      referenceTaskIds: [],
    },
    configuration: undefined,
    metadata: undefined,
  };
}
