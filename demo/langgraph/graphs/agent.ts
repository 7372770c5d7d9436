/**
 * `agent`: a ReAct loop (model -> tools -> model) whose send_email tool asks a human first, the way
 * Agent Inbox deployments do: the interrupt value is a HumanInterrupt and the resume a HumanResponse
 * (https://github.com/langchain-ai/agent-inbox, "Interrupt schema").
 */
import { AIMessage, ToolMessage, type BaseMessage } from "@langchain/core/messages";
import { Command, END, interrupt, MessagesAnnotation, START, StateGraph } from "@langchain/langgraph";
import { z } from "zod";
import { ScriptedChatModel } from "./scripted-model";

const emailArgs = z.object({ to: z.string(), subject: z.string(), body: z.string() });
type EmailArgs = z.infer<typeof emailArgs>;

const humanResponse = z.discriminatedUnion("type", [
  z.object({ type: z.literal("accept"), args: z.null().optional() }),
  z.object({ type: z.literal("ignore"), args: z.null().optional() }),
  z.object({ type: z.literal("response"), args: z.string() }),
  z.object({ type: z.literal("edit"), args: z.object({ action: z.string(), args: emailArgs }) }),
]);
// Agent Inbox's older graphs call `interrupt([request])[0]`; accept both that and the plain object.
const resumeValue = z.union([humanResponse, z.tuple([humanResponse])]).transform((v) => (Array.isArray(v) ? v[0] : v));

const model = new ScriptedChatModel({});

async function callModel(state: typeof MessagesAnnotation.State): Promise<{ messages: BaseMessage[] }> {
  return { messages: [await model.invoke(state.messages)] };
}

function sendEmail(args: EmailArgs): string {
  return `sent to ${args.to}: ${args.subject}`;
}

/** Asks the human, then returns the tool message, or null when the human chose to ignore the call. */
function reviewEmail(callId: string, args: EmailArgs): ToolMessage | null {
  const answer = resumeValue.safeParse(
    interrupt({
      action_request: { action: "send_email", args },
      config: { allow_accept: true, allow_edit: true, allow_respond: true, allow_ignore: true },
      description: `The agent wants to send an email to ${args.to} with the subject "${args.subject}".`,
    }),
  );
  // A malformed resume fails the run with a message saying what was expected, rather than guessing.
  if (!answer.success) throw new Error(`send_email: expected an Agent Inbox HumanResponse, got ${z.prettifyError(answer.error)}`);
  const response = answer.data;
  const reply = (content: string) => new ToolMessage({ content, tool_call_id: callId, name: "send_email" });
  switch (response.type) {
    case "accept":
      return reply(sendEmail(args));
    case "edit":
      return reply(sendEmail(response.args.args));
    case "response":
      return reply(`not sent; the user answered: ${response.args}`);
    case "ignore":
      return null;
  }
}

function runTools(state: typeof MessagesAnnotation.State): Command {
  const last = state.messages.at(-1);
  const calls = AIMessage.isInstance(last) ? (last.tool_calls ?? []) : [];
  const results: ToolMessage[] = [];
  for (const call of calls) {
    const callId = call.id ?? call.name;
    if (call.name === "get_weather") {
      const city = typeof call.args.city === "string" ? call.args.city : "somewhere";
      results.push(new ToolMessage({ content: `Sunny and 21 °C in ${city}`, tool_call_id: callId, name: call.name }));
    } else if (call.name === "send_email") {
      const message = reviewEmail(callId, emailArgs.parse(call.args));
      if (message === null) return new Command({ goto: END });
      results.push(message);
    } else {
      results.push(new ToolMessage({ content: `unknown tool ${call.name}`, tool_call_id: callId, name: call.name, status: "error" }));
    }
  }
  return new Command({ goto: "model", update: { messages: results } });
}

function route(state: typeof MessagesAnnotation.State): "tools" | typeof END {
  const last = state.messages.at(-1);
  return AIMessage.isInstance(last) && (last.tool_calls?.length ?? 0) > 0 ? "tools" : END;
}

export const graph = new StateGraph(MessagesAnnotation)
  .addNode("model", callModel)
  .addNode("tools", runTools, { ends: ["model", END] })
  .addEdge(START, "model")
  .addConditionalEdges("model", route, ["tools", END])
  .compile();
graph.name = "agent";
