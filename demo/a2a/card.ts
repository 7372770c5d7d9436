/**
 * The demo A2A agent's card (v1.0 JSON, parsed by the SDK's own AgentCard codec). Served at
 * `/.well-known/agent-card.json`; the JSON-RPC and HTTP+JSON interfaces live under the agent's own
 * origin, the gRPC one on a port of its own.
 */
import { AgentCard } from "@a2a-js/sdk";
import { ASK_SCHEMA, DEMO_SCHEME } from "./skills";

export const DEMO_A2A_NAME = "Loupe demo A2A agent";
export const JSONRPC_PATH = "/a2a/jsonrpc";
export const REST_PATH = "/a2a/rest";

/**
 * `grpcTarget` (`host:port`, the form grpc-js dials) adds the gRPC interface, served on its own port.
 * `streaming: false` declares an agent that does not stream (clients send message/send and poll).
 */
export function demoCardJson(baseUrl: string, grpcTarget?: string, opts: { streaming?: boolean } = {}): Record<string, unknown> {
  const skill = (id: string, name: string, description: string, examples: string[], extra: Record<string, unknown> = {}) => ({
    id,
    name,
    description,
    tags: ["demo", id],
    examples,
    inputModes: ["text/plain", "application/json"],
    outputModes: ["text/plain", "text/markdown", "image/png", "application/json"],
    ...extra,
  });
  return {
    name: DEMO_A2A_NAME,
    description:
      "A scripted agent (no LLM) whose skills drive a task through every A2A state: streamed artifacts, input-required, auth-required, cancel, failure, rejection.",
    version: "1.0.0",
    provider: { organization: "Loupe (demo)", url: baseUrl },
    supportedInterfaces: [
      { url: `${baseUrl}${JSONRPC_PATH}`, protocolBinding: "JSONRPC", protocolVersion: "1.0" },
      { url: `${baseUrl}${REST_PATH}`, protocolBinding: "HTTP+JSON", protocolVersion: "1.0" },
      ...(grpcTarget ? [{ url: grpcTarget, protocolBinding: "GRPC", protocolVersion: "1.0" }] : []),
    ],
    capabilities: { streaming: opts.streaming ?? true, pushNotifications: true, extendedAgentCard: false },
    // Declared for the `login` skill only: the agent asks for it in-band (auth-required), so calls
    // without it are still accepted.
    securitySchemes: {
      [DEMO_SCHEME.id]: {
        apiKeySecurityScheme: {
          description: "Demo API key, asked for by the login skill",
          location: DEMO_SCHEME.in,
          name: DEMO_SCHEME.name,
        },
      },
    },
    defaultInputModes: ["text/plain", "application/json"],
    defaultOutputModes: ["text/plain", "application/json"],
    skills: [
      skill("report", "Weekly report", "Streams a markdown report in chunks, then a PNG chart and a data part, and completes.", ["report"]),
      skill("stream", "Stream N chunks", "Streams N text chunks of one artifact as fast as it can (default 20).", ["stream 1000"]),
      skill(
        "ask",
        "Forecast (asks for input)",
        `Asks for a city (input-required, with a JSON Schema: ${Object.keys(ASK_SCHEMA.properties).join(", ")}), then completes.`,
        ["ask"],
      ),
      skill("login", "Sign in (asks for a credential)", "Asks for an API key (auth-required), then completes.", ["login"], {
        securityRequirements: [{ schemes: { [DEMO_SCHEME.id]: { list: [] } } }],
      }),
      skill("slow", "Slow job", "Works for about 30 s, one progress chunk at a time; cancel it with tasks/cancel.", ["slow"]),
      skill("fail", "Failing job", "Starts, then fails.", ["fail"]),
      skill("reject", "Rejected job", "Rejects the task at once.", ["reject"]),
    ],
  };
}

export function demoCard(baseUrl: string, grpcTarget?: string, opts: { streaming?: boolean } = {}): AgentCard {
  return AgentCard.fromJSON(demoCardJson(baseUrl, grpcTarget, opts));
}
