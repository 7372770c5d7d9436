import "server-only";
import type { LanguageModelV3 } from "@ai-sdk/provider";
import type { ColumnConfig, PlaygroundProvider, TokenUsage } from "@/lib/contracts/playground";
import type { GateInput, GateOutcome } from "@/lib/server/approvals/gate";

/**
 * What the loop needs from the other parts of the playground (providers, Portability
 * declarations, prices, the approvals desk), as the loop sees them. `default-deps.ts` wires the
 * real modules in; tests may replace one (e.g. a gate that answers at once) without mocking MCP.
 */

/** One HTTP exchange with the provider, as the provider layer captured it (providers/capture.ts). */
export interface ProviderExchange {
  url: string;
  /** null: no response came (the connection failed, or the request was aborted first). */
  status: number | null;
  /** The raw response body (the SSE text for a stream). */
  responseBody: string;
  truncated: boolean;
}

export interface ModelHooks {
  onRequest?(url: string, body: unknown): void;
  onResponse?(exchange: ProviderExchange): void;
}

export interface CreatedModel {
  model: LanguageModelV3;
  /** Resolves once every exchange begun so far was handed to onResponse (absent: no HTTP). */
  settled?(): Promise<void>;
}

/** One selected tool of one connection, as listed (the provider layer's ToolSource). */
export interface ToolSource {
  connectionId: string;
  connectionName: string;
  tool: { name: string; description?: string; inputSchema?: unknown; annotations?: Record<string, unknown> };
}

export interface PortabilityFinding {
  severity: string;
  reason: string;
  path?: string;
  keyword?: string;
}

export interface DeclaredTool {
  /** The name the model sees. */
  name: string;
  description?: string;
  /** The input schema exactly as the provider receives it (Portability's output for it). */
  inputSchema: Record<string, unknown>;
  connectionId: string;
  /** The tool's name on its server. */
  tool: string;
  findings: PortabilityFinding[];
}

export interface Declarations {
  declared: DeclaredTool[];
  toolMap: Record<string, { connectionId: string; tool: string }>;
  /** Selected tools Portability rejects for the provider: not declared. */
  leftOut?: { connectionId: string; tool: string; findings: PortabilityFinding[] }[];
}

export interface LoopDeps {
  createModel(config: ColumnConfig, hooks: ModelHooks): CreatedModel;
  declareTools(provider: PlaygroundProvider, strict: boolean, tools: ToolSource[]): Declarations;
  costOf(provider: PlaygroundProvider, model: string, usage: TokenUsage): number | null;
  /** The approvals desk's gate (approvals/gate.ts): the loop's calls wait there as any caller's. */
  gate(request: GateInput): Promise<GateOutcome>;
}
