import { inputRequired } from "@modelcontextprotocol/server";
import type { GetPromptResult, Prompt, ReadResourceResult, Resource } from "@modelcontextprotocol/server";
import type { PromptProvider, ResourceProvider, ResourceTemplate } from "../types";
import { RED_PNG } from "./media";

/** The conformance suite's fixture resources and prompts (see fixtures.ts). */

const RESOURCES: Resource[] = [
  { uri: "test://static-text", name: "static-text", description: "A static text resource.", mimeType: "text/plain" },
  { uri: "test://static-binary", name: "static-binary", description: "A static PNG resource.", mimeType: "image/png" },
  { uri: "test://watched-resource", name: "watched-resource", description: "A resource to subscribe to.", mimeType: "text/plain" },
];
const TEMPLATES: ResourceTemplate[] = [
  { uriTemplate: "test://template/{id}/data", name: "template-data", description: "Data for an id.", mimeType: "application/json" },
];

export function fixtureResources(): ResourceProvider {
  return {
    list: () => RESOURCES,
    templates: TEMPLATES,
    read: (uri): ReadResourceResult | undefined => {
      if (uri === "test://static-text")
        return { contents: [{ uri, mimeType: "text/plain", text: "This is the content of the static text resource." }] };
      if (uri === "test://static-binary") return { contents: [{ uri, mimeType: "image/png", blob: RED_PNG }] };
      if (uri === "test://watched-resource") return { contents: [{ uri, mimeType: "text/plain", text: "Watched resource content." }] };
      const id = /^test:\/\/template\/([^/]+)\/data$/.exec(uri)?.[1];
      if (id)
        return {
          contents: [{ uri, mimeType: "application/json", text: JSON.stringify({ id, templateTest: true, data: `Data for ID: ${id}` }) }],
        };
      return undefined;
    },
  };
}

const PROMPTS: Prompt[] = [
  { name: "test_simple_prompt", description: "A prompt without arguments." },
  {
    name: "test_prompt_with_arguments",
    description: "A prompt with two arguments.",
    arguments: [
      { name: "arg1", description: "First test argument", required: true },
      { name: "arg2", description: "Second test argument", required: true },
    ],
  },
  {
    name: "test_prompt_with_embedded_resource",
    description: "A prompt embedding a resource.",
    arguments: [{ name: "resourceUri", description: "URI of the resource to embed", required: true }],
  },
  { name: "test_prompt_with_image", description: "A prompt with an image." },
  { name: "test_input_required_result_prompt", description: "A prompt that first asks the user for context (MRTR)." },
];

export function fixturePrompts(): PromptProvider {
  return {
    prompts: PROMPTS,
    get: (name, args, ctx): GetPromptResult | ReturnType<typeof inputRequired> | undefined => {
      switch (name) {
        case "test_simple_prompt":
          return { messages: [{ role: "user", content: { type: "text", text: "This is a simple prompt for testing." } }] };
        case "test_prompt_with_arguments":
          return {
            messages: [
              {
                role: "user",
                content: { type: "text", text: `Prompt with arguments: arg1='${args.arg1 ?? ""}', arg2='${args.arg2 ?? ""}'` },
              },
            ],
          };
        case "test_prompt_with_embedded_resource":
          return {
            messages: [
              {
                role: "user",
                content: {
                  type: "resource",
                  resource: {
                    uri: args.resourceUri ?? "test://example-resource",
                    mimeType: "text/plain",
                    text: "Embedded resource content for testing.",
                  },
                },
              },
              { role: "user", content: { type: "text", text: "Please process the embedded resource above." } },
            ],
          };
        case "test_prompt_with_image":
          return {
            messages: [
              { role: "user", content: { type: "image", data: RED_PNG, mimeType: "image/png" } },
              { role: "user", content: { type: "text", text: "Please analyze the image above." } },
            ],
          };
        case "test_input_required_result_prompt": {
          const answer = ctx.mcpReq.inputResponses?.user_context as { action?: string; content?: { context?: unknown } } | undefined;
          if (answer?.action === "accept") {
            return {
              messages: [{ role: "user", content: { type: "text", text: `Use this context: ${String(answer.content?.context ?? "")}` } }],
            };
          }
          return inputRequired({
            inputRequests: {
              user_context: inputRequired.elicit({
                message: "What context should the prompt use?",
                requestedSchema: { type: "object", properties: { context: { type: "string" } }, required: ["context"] },
              }),
            },
          });
        }
        default:
          return undefined;
      }
    },
    complete: (ref, argument, value) => {
      if (ref.type !== "ref/prompt" || ref.name !== "test_prompt_with_arguments") return [];
      const pool = argument === "arg1" ? ["paris", "park", "party", "test", "testing"] : ["world", "word"];
      return pool.filter((v) => v.startsWith(value.toLowerCase()));
    },
  };
}
