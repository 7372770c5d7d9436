import { MissingRequiredClientCapabilityError, inputRequired } from "@modelcontextprotocol/server";
import type { InputRequests } from "@modelcontextprotocol/server";
import type { DemoModule, DemoTool, ToolContext } from "../types";
import { defineTool, textResult } from "../types";
import { RED_PNG, SILENT_WAV } from "./media";
import { fixturePrompts, fixtureResources } from "./resources-prompts";
import type { ChangeHub } from "../change-hub";
import { mrtrTools } from "./mrtr-fixtures";
import { taskFixtures } from "./task-fixtures";

/**
 * The fixture set the official conformance suite's *server* scenarios call by name
 * (`@modelcontextprotocol/conformance`, both the 2025-11-25 and the 2026-07-28 requirement sets).
 * Served only with --conformance (or LOUPE_DEMO_CONFORMANCE=1), so the everyday demo stays a
 * travel-booking demo. Names, texts and shapes follow each scenario's "Server Implementation
 * Requirements".
 */

const NO_ARGS = { type: "object", properties: {}, additionalProperties: false } as const;
const readOnly = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function simple(
  name: string,
  description: string,
  run: (args: Record<string, unknown>, ctx: ToolContext) => ReturnType<DemoTool["handler"]> | Awaited<ReturnType<DemoTool["handler"]>>,
  inputSchema: Record<string, unknown> = NO_ARGS,
): DemoTool {
  return defineTool<Record<string, unknown>>(
    { name, description, inputSchema: inputSchema as DemoTool["definition"]["inputSchema"], annotations: readOnly },
    run,
  );
}

/** Declared by the client: per request on 2026-07-28, in initialize on 2025-11-25. */
const declares = (ctx: ToolContext, capability: string) => Boolean(ctx.clientCapabilities()?.[capability]);

function contentTools(): DemoTool[] {
  return [
    simple("test_simple_text", "Returns one text block.", () => textResult("This is a simple text response for testing.")),
    simple("test_image_content", "Returns one PNG image block.", () => ({
      content: [{ type: "image", data: RED_PNG, mimeType: "image/png" }],
    })),
    simple("test_audio_content", "Returns one WAV audio block.", () => ({
      content: [{ type: "audio", data: SILENT_WAV, mimeType: "audio/wav" }],
    })),
    simple("test_embedded_resource", "Returns an embedded text resource.", () => ({
      content: [
        {
          type: "resource",
          resource: { uri: "test://embedded-resource", mimeType: "text/plain", text: "This is an embedded resource content." },
        },
      ],
    })),
    simple("test_multiple_content_types", "Returns text, an image and an embedded resource.", () => ({
      content: [
        { type: "text", text: "Multiple content types test:" },
        { type: "image", data: RED_PNG, mimeType: "image/png" },
        {
          type: "resource",
          resource: {
            uri: "test://mixed-content-resource",
            mimeType: "application/json",
            text: JSON.stringify({ test: "data", value: 123 }),
          },
        },
      ],
    })),
    simple("test_error_handling", "Always fails as a tool error (isError).", () =>
      textResult("This tool intentionally returns an error for testing", true),
    ),
    // http-custom-header-server-validation (pending): the argument travels in Mcp-Param-Region too.
    simple(
      "test_custom_header_param",
      "Echoes a region that the client also sends as the Mcp-Param-Region header (SEP-2243).",
      (args) => textResult(`Region: ${String(args.region)}`),
      {
        type: "object",
        properties: { region: { type: "string", "x-mcp-header": "Region", description: "Mirrored into Mcp-Param-Region." } },
        required: ["region"],
      },
    ),
    // json-schema-2020-12 (pending in the suite): these keywords must reach tools/list untouched.
    simple(
      "json_schema_2020_12_tool",
      "Tool with JSON Schema 2020-12 features",
      (args) => textResult(`Received: ${JSON.stringify(args)}`),
      {
        $schema: "https://json-schema.org/draft/2020-12/schema",
        type: "object",
        $defs: { address: { $anchor: "addressDef", type: "object", properties: { street: { type: "string" }, city: { type: "string" } } } },
        properties: {
          name: { type: "string" },
          address: { $ref: "#/$defs/address" },
          contactMethod: { type: "string", enum: ["phone", "email"] },
          phone: { type: "string" },
          email: { type: "string" },
        },
        allOf: [{ anyOf: [{ required: ["phone"] }, { required: ["email"] }] }],
        if: { properties: { contactMethod: { const: "phone" } }, required: ["contactMethod"] },
        then: { required: ["phone"] },
        else: { required: ["email"] },
        additionalProperties: false,
      },
    ),
  ];
}

function behaviourTools(hub: ChangeHub): DemoTool[] {
  return [
    simple("test_tool_with_logging", "Logs three info messages 50 ms apart.", async (_args, ctx) => {
      await ctx.log("info", "conformance", "Tool execution started");
      await sleep(50);
      await ctx.log("info", "conformance", "Tool processing data");
      await sleep(50);
      await ctx.log("info", "conformance", "Tool execution completed");
      return textResult("Logging tool finished: 3 messages sent.");
    }),
    // The 2026-07-28 stateless scenario: logs only reach a client whose request _meta set a logLevel.
    simple("test_logging_tool", "Logs one info message (sent only when the request asked for a log level).", async (_args, ctx) => {
      await ctx.log("info", "conformance", "test_logging_tool ran");
      return textResult("Logged once.");
    }),
    simple("test_tool_with_progress", "Reports progress 0, 50 and 100 of 100, 50 ms apart.", async (_args, ctx) => {
      await ctx.sendProgress(0, 100);
      await sleep(50);
      await ctx.sendProgress(50, 100);
      await sleep(50);
      await ctx.sendProgress(100, 100);
      return textResult("Progress tool finished.");
    }),
    // server-sse-polling (SEP-1699): over HTTP with an event store the SDK offers closeSSE, and the
    // tool closes its own POST stream mid-call so the client resumes with Last-Event-ID; over stdio
    // (or without an event store) there is no stream to close and the result comes as usual.
    simple("test_reconnection", "Closes its SSE stream mid-call (when it has one), then answers after 300 ms.", async (_args, ctx) => {
      ctx.request.http?.closeSSE?.();
      await sleep(300);
      return textResult("Reconnection test completed.");
    }),
    simple("test_missing_capability", "Needs the client's sampling capability; refuses with -32021 without it.", (_args, ctx) => {
      if (!declares(ctx, "sampling")) throw new MissingRequiredClientCapabilityError({ requiredCapabilities: { sampling: {} } });
      return textResult("The client declared sampling.");
    }),
    simple("test_trigger_tool_change", "Announces notifications/tools/list_changed to listening clients.", () => {
      hub.emit({ updated: [], listChanged: false, toolsChanged: true });
      return textResult("Tool list change announced.");
    }),
    simple("test_trigger_prompt_change", "Announces notifications/prompts/list_changed to listening clients.", () => {
      hub.emit({ updated: [], listChanged: false, promptsChanged: true });
      return textResult("Prompt list change announced.");
    }),
  ];
}

/** Resolves one elicitation input, or asks for it (written once for both eras, see hitl-tools). */
function elicitOnce(ctx: ToolContext, key: string, ask: () => InputRequests[string]) {
  const answer = ctx.inputResponses?.[key] as { action?: string; content?: unknown } | undefined;
  if (answer && typeof answer.action === "string") return { answer };
  return { ask: inputRequired({ inputRequests: { [key]: ask() } }) };
}

function hitlTools(): DemoTool[] {
  const described = (text: string, answer: { action?: string; content?: unknown }) =>
    textResult(`${text}: action=${answer.action}, content=${JSON.stringify(answer.content ?? {})}`);
  return [
    simple(
      "test_sampling",
      "Asks the client's model (sampling/createMessage) with the given prompt.",
      (args, ctx) => {
        if (!declares(ctx, "sampling")) return textResult("The client did not declare the sampling capability.", true);
        const reply = ctx.inputResponses?.sample as { content?: { type?: string; text?: string } } | undefined;
        if (reply?.content)
          return textResult(`LLM response: ${reply.content.type === "text" ? reply.content.text : `(${reply.content.type})`}`);
        return inputRequired({
          inputRequests: {
            sample: inputRequired.createMessage({
              messages: [{ role: "user", content: { type: "text", text: String(args.prompt) } }],
              maxTokens: 100,
            }),
          },
        });
      },
      { type: "object", properties: { prompt: { type: "string" } }, required: ["prompt"] },
    ),
    simple(
      "test_elicitation",
      "Asks the user (elicitation/create) for a username and email.",
      (args, ctx) => {
        if (!declares(ctx, "elicitation")) return textResult("The client did not declare the elicitation capability.", true);
        const step = elicitOnce(ctx, "user", () =>
          inputRequired.elicit({
            message: String(args.message),
            requestedSchema: {
              type: "object",
              properties: {
                username: { type: "string", description: "User's response" },
                email: { type: "string", description: "User's email address" },
              },
              required: ["username", "email"],
            },
          }),
        );
        return step.answer
          ? textResult(`User response: action=${step.answer.action}, content=${JSON.stringify(step.answer.content ?? {})}`)
          : step.ask;
      },
      { type: "object", properties: { message: { type: "string" } }, required: ["message"] },
    ),
    simple("test_elicitation_sep1034_defaults", "Elicits a form whose fields all carry defaults (SEP-1034).", (_args, ctx) => {
      const step = elicitOnce(ctx, "defaults", () =>
        inputRequired.elicit({
          message: "Please review these values",
          requestedSchema: {
            type: "object",
            properties: {
              name: { type: "string", default: "John Doe" },
              age: { type: "integer", default: 30 },
              score: { type: "number", default: 95.5 },
              status: { type: "string", enum: ["active", "inactive", "pending"], default: "active" },
              verified: { type: "boolean", default: true },
            },
          },
        }),
      );
      return step.answer ? described("Elicitation completed", step.answer) : step.ask;
    }),
    simple("test_elicitation_sep1330_enums", "Elicits a form with the five enum shapes (SEP-1330).", (_args, ctx) => {
      const step = elicitOnce(ctx, "enums", () =>
        inputRequired.elicit({
          message: "Pick some options",
          requestedSchema: {
            type: "object",
            properties: {
              untitledSingle: { type: "string", enum: ["option1", "option2", "option3"] },
              titledSingle: {
                type: "string",
                oneOf: [
                  { const: "value1", title: "First Option" },
                  { const: "value2", title: "Second Option" },
                  { const: "value3", title: "Third Option" },
                ],
              },
              legacyEnum: { type: "string", enum: ["opt1", "opt2", "opt3"], enumNames: ["Option One", "Option Two", "Option Three"] },
              untitledMulti: { type: "array", items: { type: "string", enum: ["option1", "option2", "option3"] } },
              titledMulti: {
                type: "array",
                items: {
                  anyOf: [
                    { const: "value1", title: "First Choice" },
                    { const: "value2", title: "Second Choice" },
                    { const: "value3", title: "Third Choice" },
                  ],
                },
              },
            },
          },
        }),
      );
      return step.answer ? described("Elicitation completed", step.answer) : step.ask;
    }),
  ];
}

/** The fixture module: added to the demo's modules only in conformance mode. */
export function conformanceFixtures(hub: ChangeHub): DemoModule {
  return {
    tools: [...contentTools(), ...behaviourTools(hub), ...hitlTools(), ...mrtrTools(), ...taskFixtures()],
    resources: fixtureResources(),
    prompts: fixturePrompts(),
  };
}
