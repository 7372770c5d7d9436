/**
 * pause_lab: an agent written for Loupe's interrupt tests (tests/integration/adk-pauses.test.ts),
 * on the offline scripted model. "two": the model asks for two gated deletions in one response, so
 * two adk_request_confirmation calls wait side by side. "dynamic": a tool asks for approval with
 * ctx.requestConfirmation() without requireConfirmation, which ADK JS 2.0 then refuses to accept
 * (IntentMismatchError confirmation_not_required, adk.md §9.2) — an answer the server rejects.
 */
import { FunctionTool, LlmAgent } from "@google/adk";
import { z } from "zod";
import { ScriptedLlm } from "../../../../demo/adk/scripted-llm";
import type { ScriptedReply } from "../../../../demo/adk/scripted-llm";
import type { ConversationView } from "../../../../demo/adk/conversation";

const deleteFile = new FunctionTool({
  name: "delete_file",
  description: "Deletes a file (pretend); needs approval.",
  parameters: z.object({ path: z.string() }),
  requireConfirmation: true,
  execute: ({ path }) => ({ deleted: path }),
});

const transfer = new FunctionTool({
  name: "transfer_money",
  description: "Transfers money (pretend); asks for approval itself.",
  parameters: z.object({ amount: z.number() }),
  execute: ({ amount }, ctx) => {
    if (!ctx?.toolConfirmation) {
      ctx?.requestConfirmation({ hint: `Approve a transfer of ${amount}?`, payload: { amount } });
      return { pending: true };
    }
    return { transferred: amount };
  },
});

function script(v: ConversationView): ScriptedReply {
  if (v.userKey.includes("two")) {
    const done = v.results.filter((r) => r.name === "delete_file").map((r) => String(r.response.deleted ?? r.response.error));
    if (done.length === 0 && !v.calledSince.includes("delete_file")) {
      return {
        text: "Deleting both.",
        calls: [
          { name: "delete_file", args: { path: "/tmp/a.log" } },
          { name: "delete_file", args: { path: "/tmp/b.log" } },
        ],
      };
    }
    return { text: `Results so far: ${done.join(", ")}.` };
  }
  if (v.userKey.includes("dynamic")) {
    if (v.results.some((r) => r.name === "transfer_money" && r.response.transferred !== undefined)) return { text: "Transferred." };
    if (v.calledSince.includes("transfer_money")) return { text: "Waiting for approval." };
    return { calls: [{ name: "transfer_money", args: { amount: 5 } }] };
  }
  return { text: `You said: ${v.userText}` };
}

export const rootAgent = new LlmAgent({
  name: "pause_lab",
  description: "Interrupt test agent: 'two' (parallel confirmations), 'dynamic' (an approval ADK JS refuses).",
  instruction: "Test agent; the scripted model decides.",
  model: new ScriptedLlm((view) => script(view)),
  tools: [deleteFile, transfer],
});
