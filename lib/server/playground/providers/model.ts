import "server-only";
import { createAnthropic } from "@ai-sdk/anthropic";
import { createGoogleGenerativeAI } from "@ai-sdk/google";
import { createOpenAI } from "@ai-sdk/openai";
import { createOpenAICompatible } from "@ai-sdk/openai-compatible";
import type { JSONSchema7, LanguageModelV3, LanguageModelV3CallOptions, LanguageModelV3StreamPart } from "@ai-sdk/provider";
import type { ColumnConfig } from "@/lib/contracts/playground";
import { AppError } from "@/lib/errors";
import type { CaptureHooks } from "@/lib/server/playground/providers/capture";
import { capturingFetch, redactText, settle } from "@/lib/server/playground/providers/capture";
import { endpointOf, urlSecrets } from "@/lib/server/playground/providers/url-secrets";
import type { Endpoint } from "@/lib/server/playground/providers/url-secrets";
import { requireKey, resolveBaseUrl } from "@/lib/server/playground/providers/keys";
import { createScriptedModel } from "@/lib/server/playground/scripted-model";
import { errorMessage, isRecord } from "@/lib/values";

type Fetch = typeof globalThis.fetch;
type Build = (fetch: Fetch) => LanguageModelV3;

export interface CreatedModel {
  model: LanguageModelV3;
  /** Resolves once every exchange begun so far has been passed to onResponse (its body ended or failed). */
  settled(): Promise<void>;
}

function builder(config: ColumnConfig, apiKey: string | undefined, baseURL: string | undefined): Build {
  switch (config.provider) {
    case "openai":
      // The chat completions wire, the one the issue names (not the Responses API the SDK defaults to).
      return (fetch) => createOpenAI({ apiKey, baseURL, fetch }).chat(config.model);
    case "anthropic":
      return (fetch) => createAnthropic({ apiKey, baseURL, fetch }).messages(config.model);
    case "google":
      return (fetch) => createGoogleGenerativeAI({ apiKey, baseURL, fetch }).languageModel(config.model);
    case "openai-compatible":
      return (fetch) =>
        createOpenAICompatible({ name: "openai-compatible", baseURL: baseURL ?? "", apiKey, fetch, includeUsage: true }).chatModel(
          config.model,
        );
    case "scripted":
      throw new AppError("internal:playground_provider", "The scripted model is not built from a provider SDK");
  }
}

/**
 * Gemini's SDK re-converts every JSON Schema with its own rules (dropping `minimum`, `pattern`,
 * `default`…, and throwing on some enums), so the declarations would no longer be Portability's.
 * It is handed an empty placeholder instead and the request body gets Portability's schema back
 * under `parameters` (none for a tool without parameters, as Portability decides).
 */
const PLACEHOLDER = { type: "object", properties: {} } as const;

function isEmptyObject(schema: JSONSchema7): boolean {
  const props = schema.properties;
  return (
    schema.type === "object" && (props === undefined || (typeof props === "object" && props !== null && Object.keys(props).length === 0))
  );
}

function geminiRewrite(schemas: Map<string, JSONSchema7>): (body: unknown) => unknown {
  return (body) => {
    const tools = isRecord(body) ? body.tools : undefined;
    if (!Array.isArray(tools)) return body;
    for (const entry of tools) {
      const declarations = isRecord(entry) && Array.isArray(entry.functionDeclarations) ? entry.functionDeclarations : [];
      for (const decl of declarations) {
        if (!isRecord(decl)) continue;
        const schema = typeof decl.name === "string" ? schemas.get(decl.name) : undefined;
        if (!schema) continue;
        delete decl.parametersJsonSchema;
        if (isEmptyObject(schema)) delete decl.parameters;
        else decl.parameters = schema;
      }
    }
    return body;
  };
}

/** The call's options as the SDK model gets them, and the body rewrite its request needs. */
function prepareCall(
  config: ColumnConfig,
  options: LanguageModelV3CallOptions,
): { options: LanguageModelV3CallOptions; rewrite?: (body: unknown) => unknown } {
  const tools = options.tools;
  if (!tools?.length) return { options };
  if (config.provider === "google") {
    const schemas = new Map<string, JSONSchema7>();
    const placeheld = tools.map((t) => {
      if (t.type !== "function") return t;
      schemas.set(t.name, t.inputSchema);
      return { ...t, inputSchema: { ...PLACEHOLDER } };
    });
    return { options: { ...options, tools: placeheld }, rewrite: geminiRewrite(schemas) };
  }
  if (config.strict && (config.provider === "openai" || config.provider === "openai-compatible")) {
    // The declarations come from Portability's openai-strict target; `strict: true` asks the API to hold the model to them.
    return { options: { ...options, tools: tools.map((t) => (t.type === "function" ? { ...t, strict: true } : t)) } };
  }
  return { options };
}

/** An SDK error that quotes the key (an endpoint echoing it) is replaced by one that does not. */
function scrub(error: unknown, secrets: readonly string[]): unknown {
  if (secrets.length === 0) return error;
  let text: string;
  try {
    text = `${error instanceof Error ? error.message : ""}${JSON.stringify(error)}`;
  } catch {
    text = String(error);
  }
  if (!secrets.some((s) => text.includes(s))) return error;
  const message = redactText(errorMessage(error), secrets);
  return new AppError("upstream:playground_provider", message);
}

function scrubStream(
  stream: ReadableStream<LanguageModelV3StreamPart>,
  secrets: readonly string[],
): ReadableStream<LanguageModelV3StreamPart> {
  if (secrets.length === 0) return stream;
  return stream.pipeThrough(
    new TransformStream<LanguageModelV3StreamPart, LanguageModelV3StreamPart>({
      transform(part, controller) {
        controller.enqueue(part.type === "error" ? { ...part, error: scrub(part.error, secrets) } : part);
      },
    }),
  );
}

/**
 * Wraps the SDK model so that every call gets its own capturing fetch (and, for Gemini, the
 * declaration rewrite bound to that call's tools), and no key leaves through an error.
 */
function capturedModel(
  config: ColumnConfig,
  build: Build,
  hooks: CaptureHooks,
  secrets: readonly string[],
  endpoint?: Endpoint,
): CreatedModel {
  const inner = build(globalThis.fetch);
  const pending = new Set<Promise<void>>();
  const start = (options: LanguageModelV3CallOptions) => {
    const call = prepareCall(config, options);
    const capture = capturingFetch(hooks, { redact: secrets, rewriteBody: call.rewrite, pending, ...(endpoint ? { endpoint } : {}) });
    return { model: build(capture.fetch), options: call.options };
  };
  const model: LanguageModelV3 = {
    specificationVersion: "v3",
    provider: inner.provider,
    modelId: inner.modelId,
    supportedUrls: inner.supportedUrls,
    async doGenerate(options) {
      const call = start(options);
      try {
        return await call.model.doGenerate(call.options);
      } catch (e) {
        throw scrub(e, secrets);
      }
    },
    async doStream(options) {
      const call = start(options);
      try {
        const result = await call.model.doStream(call.options);
        return { ...result, stream: scrubStream(result.stream, secrets) };
      } catch (e) {
        throw scrub(e, secrets);
      }
    },
  };
  return { model, settled: () => settle(pending) };
}

/**
 * The model for a playground column. Keys come from Loupe's settings, then the environment
 * (a missing one is a 400 naming both); `config.baseUrl` overrides the endpoint. The hooks see
 * each HTTP exchange with the provider: the exact URL and JSON body, the status and the raw
 * response text, never the headers.
 */
export function createModel(config: ColumnConfig, hooks: CaptureHooks = {}): CreatedModel {
  if (config.provider === "scripted") {
    // Offline and in-process: no key, no HTTP, so no exchange to capture.
    return { model: createScriptedModel({ modelId: config.model }), settled: async () => undefined };
  }
  const key = requireKey(config.provider);
  // Credentials typed into the base URL are sent (endpointOf) and redacted like the key.
  const baseUrl = resolveBaseUrl(config.provider, config.baseUrl);
  const endpoint = endpointOf(baseUrl);
  const secrets = [...(key.apiKey ? [key.apiKey] : []), ...urlSecrets(baseUrl)];
  return capturedModel(config, builder(config, key.apiKey, endpoint?.baseUrl ?? baseUrl), hooks, secrets, endpoint);
}
