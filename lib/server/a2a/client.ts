import "server-only";
import { randomUUID } from "node:crypto";
import { Role } from "@a2a-js/sdk";
import type { AgentCard, Part, SendMessageRequest } from "@a2a-js/sdk";
import { ClientFactory, DefaultAgentCardResolver, JsonRpcTransportFactory, RestTransportFactory } from "@a2a-js/sdk/client";
import type { Client, Transport, TransportFactory } from "@a2a-js/sdk/client";
import { GrpcTransportFactory } from "@a2a-js/sdk/client/grpc";
import * as grpc from "@grpc/grpc-js";
import type { A2aPartInput, A2aSendBody, A2aTransport } from "@/lib/contracts/a2a";
import { cardForClient } from "@/lib/protocols/a2a/card";
import { AppError } from "@/lib/errors";
import { errorMessage, isRecord } from "@/lib/values";

/**
 * The official SDK client for one exchange. Its v0.3 compat layer is on: a card in the v0.3 shape
 * (or a v1.0 card whose interfaces say 0.x) gets the legacy transports, so Loupe speaks the
 * agent's own version. gRPC goes through the SDK's gRPC transport, recorded by `grpcInterceptor`
 * (a grpc-js interceptor for the target the card names).
 */
export async function makeClient(
  card: unknown,
  transport: A2aTransport | undefined,
  fetchImpl: typeof fetch,
  grpcInterceptor?: (target: string) => grpc.Interceptor,
): Promise<Client> {
  const options = { fetchImpl, legacyCompat: { enabled: true } };
  const factory = new ClientFactory({
    transports: [new JsonRpcTransportFactory(options), new RestTransportFactory(options), new RecordedGrpcFactory(grpcInterceptor)],
    ...(transport ? { preferredTransports: [transport] } : {}),
    cardResolver: cardReader,
  });
  // A card whose versions contradict each other is handed over as the rule in card-version.ts reads it.
  // The SDK refuses a card missing what the spec requires (defaultInputModes, capabilities…): the
  // agent's fault, said as such, not a 500 on every call.
  const unusable = (why: string) =>
    new AppError(
      "upstream:a2a_card_unusable",
      `The agent card cannot be used to reach the agent: ${why.replace(/\.$/, "")}. Re-fetch the card once the agent serves a usable one.`,
    );
  if (!isRecord(card)) throw unusable(`it is not a JSON object (${Array.isArray(card) ? "an array" : String(card)})`);
  try {
    return await factory.createFromAgentCard(cardForClient(card) as AgentCard);
  } catch (e) {
    throw unusable(errorMessage(e));
  }
}

/**
 * The SDK's card resolver, keeping each card as it normalized it (a v0.3 card translated, a
 * protobuf-shaped one parsed), per card object: a card was read again for every exchange, 0.14 ms
 * before each request left (issue 23). A card fetched again is a new object. Only its
 * normalization is used (the card is fetched by card.ts).
 */
class CardReader extends DefaultAgentCardResolver {
  private readonly known = new WeakMap<object, AgentCard>();

  override normalizeAgentCard(card: unknown): AgentCard {
    if (!isRecord(card)) return super.normalizeAgentCard(card);
    let read = this.known.get(card);
    if (!read) this.known.set(card, (read = super.normalizeAgentCard(card)));
    return read;
  }
}
const cardReader = new CardReader({ legacyCompat: { enabled: true } });

/**
 * The SDK's gRPC factory, per call: cards write a gRPC interface as `host:port` or as an http(s)
 * URL (grpc-js takes only the former; https means TLS), and the recorder needs that target.
 */
class RecordedGrpcFactory implements TransportFactory {
  constructor(private readonly interceptor?: (target: string) => grpc.Interceptor) {}
  get protocolName(): string {
    return "GRPC";
  }
  create(url: string, card: AgentCard): Promise<Transport> {
    const tls = url.startsWith("https://");
    const target = url.replace(/^https?:\/\//, "").replace(/\/+$/, "");
    return new GrpcTransportFactory({
      grpcChannelCredentials: tls ? grpc.credentials.createSsl() : grpc.credentials.createInsecure(),
      ...(this.interceptor ? { grpcCallOptions: { interceptors: [this.interceptor(target)] } } : {}),
      legacyCompat: { enabled: true },
    }).create(target, card);
  }
}

function part(p: A2aPartInput): Part {
  if (p.kind === "text") return { content: { $case: "text", value: p.text }, metadata: undefined, filename: "", mediaType: "text/plain" };
  if (p.kind === "data")
    return { content: { $case: "data", value: p.data }, metadata: p.metadata, filename: "", mediaType: "application/json" };
  return {
    content: { $case: "raw", value: Buffer.from(p.bytes, "base64") },
    metadata: undefined,
    filename: p.name ?? "",
    mediaType: p.mimeType,
  };
}

/** Where the agent posts the task's updates (the SDK's model; the transport writes v0.3's `pushNotificationConfig`). */
export interface SendPushConfig {
  id: string;
  url: string;
  token: string;
}

/**
 * A user message in the SDK's (v1.0) model; the transport writes it in the agent's version.
 * `blocking: false` asks the agent to answer at once (v1.0 returnImmediately, v0.3 blocking: false);
 * `push` rides in the same request's configuration.
 */
export function sendRequest(
  body: Pick<A2aSendBody, "parts" | "contextId" | "taskId" | "metadata" | "blocking">,
  push?: SendPushConfig,
): SendMessageRequest {
  const configuration =
    body.blocking === false || push
      ? {
          acceptedOutputModes: [],
          returnImmediately: body.blocking === false,
          taskPushNotificationConfig: push ? { tenant: "", taskId: "", authentication: undefined, ...push } : undefined,
        }
      : undefined;
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
    configuration,
    metadata: undefined,
  };
}

/** Whether the agent's card says it streams. */
export function cardStreams(card: unknown): boolean {
  return isRecord(card) && isRecord(card.capabilities) && card.capabilities.streaming === true;
}
