import { inputRequired } from "@modelcontextprotocol/server";
import type { InputRequests } from "@modelcontextprotocol/server";
import { asObject } from "../json";
import type { DemoTool, ToolContext } from "../types";
import { defineTool, textResult } from "../types";

/**
 * Fixtures of the 2026-07-28 multi round-trip scenarios (input-required-result-*, SEP-2322) and
 * the stateless scenario's streaming probe. requestState is sealed with the server's HMAC codec
 * (ctx.mintState), so a tampered state is refused by the SDK before the handler runs.
 */

const NO_ARGS = { type: "object", properties: {} } as const;

const nameRequest = (message = "What is your name?") =>
  inputRequired.elicit({
    message,
    requestedSchema: { type: "object", properties: { name: { type: "string" } }, required: ["name"] },
  });

/** A bare accepted elicitation result's content, or undefined. */
function accepted(ctx: ToolContext, key: string): Record<string, unknown> | undefined {
  const answer = asObject(ctx.inputResponses?.[key]);
  return answer?.action === "accept" ? asObject(answer.content) : undefined;
}

/** Any bare response object under `key` (sampling, roots), or undefined. */
function responded(ctx: ToolContext, key: string): Record<string, unknown> | undefined {
  return asObject(ctx.inputResponses?.[key]);
}

const sampledText = (reply: Record<string, unknown> | undefined) => {
  const content = asObject(reply?.content);
  return content?.type === "text" ? String(content.text ?? "") : "";
};

function tool(
  name: string,
  description: string,
  run: (ctx: ToolContext) => ReturnType<DemoTool["handler"]> | Awaited<ReturnType<DemoTool["handler"]>>,
): DemoTool {
  return defineTool<Record<string, unknown>>(
    {
      name,
      description,
      inputSchema: NO_ARGS,
      annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
    },
    (_args, ctx) => run(ctx),
  );
}

export function mrtrTools(): DemoTool[] {
  return [
    tool("test_input_required_result_elicitation", "Asks for a name (elicitation) and greets.", (ctx) => {
      const answer = accepted(ctx, "user_name");
      if (typeof answer?.name === "string") return textResult(`Hello, ${answer.name}!`);
      // Missing, wrong-keyed or malformed answers are asked for again rather than refused.
      return inputRequired({ inputRequests: { user_name: nameRequest() } });
    }),
    tool("test_input_required_result_sampling", "Asks the client's model for the capital of France.", (ctx) => {
      const reply = responded(ctx, "capital_question");
      if (reply?.content) return textResult(`The model answered: ${sampledText(reply)}`);
      return inputRequired({
        inputRequests: {
          capital_question: inputRequired.createMessage({
            messages: [{ role: "user", content: { type: "text", text: "What is the capital of France?" } }],
            maxTokens: 100,
          }),
        },
      });
    }),
    tool("test_input_required_result_list_roots", "Asks the client for its roots and lists them.", (ctx) => {
      const roots = responded(ctx, "client_roots")?.roots;
      if (Array.isArray(roots)) {
        const uris = roots.map((r) => (r && typeof r === "object" ? String(asObject(r)?.uri) : "?"));
        return textResult(`Client roots (${uris.length}): ${uris.join(", ")}`);
      }
      return inputRequired({ inputRequests: { client_roots: inputRequired.listRoots() } });
    }),
    tool("test_input_required_result_request_state", "Asks for confirmation and checks its own requestState.", async (ctx) => {
      const state = ctx.requestState<{ flow?: string }>();
      const answer = responded(ctx, "confirm");
      if (answer && state?.flow === "confirm") return textResult(`state-ok: confirmation ${String(answer.action)}.`);
      return inputRequired({
        inputRequests: {
          confirm: inputRequired.elicit({
            message: "Please confirm",
            requestedSchema: { type: "object", properties: { ok: { type: "boolean" } }, required: ["ok"] },
          }),
        },
        requestState: await ctx.mintState({ flow: "confirm" }),
      });
    }),
    tool("test_input_required_result_multiple_inputs", "Asks for a name, a greeting and the roots at once.", async (ctx) => {
      const state = ctx.requestState<{ flow?: string }>();
      const name = accepted(ctx, "user_name")?.name;
      const greeting = responded(ctx, "greeting");
      const roots = responded(ctx, "client_roots")?.roots;
      if (state?.flow === "multiple" && typeof name === "string" && greeting && Array.isArray(roots)) {
        return textResult(`All inputs received: name=${name}, greeting=${sampledText(greeting)}, roots=${roots.length}.`);
      }
      return inputRequired({
        inputRequests: {
          user_name: nameRequest(),
          greeting: inputRequired.createMessage({
            messages: [{ role: "user", content: { type: "text", text: "Generate a greeting" } }],
            maxTokens: 50,
          }),
          client_roots: inputRequired.listRoots(),
        },
        requestState: await ctx.mintState({ flow: "multiple" }),
      });
    }),
    tool("test_input_required_result_multi_round", "Asks for a name, then a colour, then answers.", async (ctx) => {
      const state = ctx.requestState<{ round?: number; name?: string }>();
      const name = accepted(ctx, "step1")?.name;
      const color = accepted(ctx, "step2")?.color;
      if (state?.round === 2 && typeof color === "string") return textResult(`Done: ${state.name ?? "?"} likes ${color}.`);
      if (state?.round === 1 && typeof name === "string") {
        return inputRequired({
          inputRequests: {
            step2: inputRequired.elicit({
              message: "Step 2: What is your favorite color?",
              requestedSchema: { type: "object", properties: { color: { type: "string" } }, required: ["color"] },
            }),
          },
          requestState: await ctx.mintState({ round: 2, name }),
        });
      }
      return inputRequired({
        inputRequests: { step1: nameRequest("Step 1: What is your name?") },
        requestState: await ctx.mintState({ round: 1 }),
      });
    }),
    tool("test_input_required_result_tampered_state", "Returns a signed requestState; a tampered one is refused.", async (ctx) => {
      const state = ctx.requestState<{ flow?: string }>();
      if (state?.flow === "tamper-check") return textResult("state-ok: the requestState verified.");
      return inputRequired({
        inputRequests: { user_name: nameRequest() },
        requestState: await ctx.mintState({ flow: "tamper-check" }),
      });
    }),
    tool("test_input_required_result_capabilities", "Asks only for the kinds of input the client declared.", (ctx) => {
      const declared = ctx.clientCapabilities() ?? {};
      const requests: InputRequests = {};
      if (declared.elicitation) requests.user_name = nameRequest();
      if (declared.sampling) {
        requests.greeting = inputRequired.createMessage({
          messages: [{ role: "user", content: { type: "text", text: "Generate a greeting" } }],
          maxTokens: 50,
        });
      }
      if (declared.roots) requests.client_roots = inputRequired.listRoots();
      const answered = Object.keys(requests).every((key) => ctx.inputResponses?.[key] !== undefined);
      if (Object.keys(requests).length === 0 || answered) return textResult(`Inputs used: ${Object.keys(requests).join(", ") || "none"}.`);
      return inputRequired({ inputRequests: requests });
    }),
    tool("test_streaming_elicitation", "Reports progress, then asks for input through an input-required result.", async (ctx) => {
      const answer = accepted(ctx, "user_name");
      if (typeof answer?.name === "string") return textResult(`Hello, ${answer.name}!`);
      await ctx.sendProgress(1, 2, "about to ask for input");
      return inputRequired({ inputRequests: { user_name: nameRequest() } });
    }),
  ];
}
