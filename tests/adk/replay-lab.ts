/**
 * replay_lab and its changed versions, written for the case replay tests
 * (tests/integration/adk-case-replay.test.ts), on the offline scripted model. "clean up": the model
 * asks for two gated deletions in one response (two confirmations in one step); "report": a tool
 * asks for an API key (a credential pause). The versions change one thing each: `args` deletes
 * another file, `skip` has the key already (no credential pause), `new` also gates the report
 * behind a confirmation (a pause where the case expects none).
 */
import { FunctionTool, LlmAgent } from "@google/adk";
import type { AuthConfig } from "@google/adk";
import { z } from "zod";
import { ScriptedLlm } from "../../demo/adk/scripted-llm";
import type { ScriptedReply } from "../../demo/adk/scripted-llm";
import type { ConversationView } from "../../demo/adk/conversation";

export type ReplayVariant = "same" | "args" | "skip" | "new";

export const REPORT_AUTH: AuthConfig = {
  authScheme: { type: "apiKey", in: "header", name: "X-Report-Key" },
  credentialKey: "report_key",
};

function script(v: ConversationView, variant: ReplayVariant): ScriptedReply {
  if (v.userKey.includes("clean")) {
    const done = v.results.filter((r) => r.name === "delete_file").map((r) => String(r.response.deleted ?? r.response.error));
    if (done.length > 0 || v.calledSince.includes("delete_file")) return { text: `Deleted: ${done.join(", ")}.` };
    const second = variant === "args" ? "/tmp/c.log" : "/tmp/b.log";
    return {
      text: "Deleting both.",
      calls: [
        { name: "delete_file", args: { path: "/tmp/a.log" } },
        { name: "delete_file", args: { path: second } },
      ],
    };
  }
  if (v.userKey.includes("report")) {
    const got = v.results.find((r) => r.name === "fetch_report" && typeof r.response.rows === "number");
    if (got) return { text: `The weekly report has ${String(got.response.rows)} rows.` };
    if (v.calledSince.includes("fetch_report")) return { text: "Waiting for the report key." };
    return { calls: [{ name: "fetch_report", args: { name: "weekly" } }] };
  }
  return { text: `You said: ${v.userText}` };
}

export function replayLab(name: string, variant: ReplayVariant): LlmAgent {
  const deleteFile = new FunctionTool({
    name: "delete_file",
    description: "Deletes a file (pretend); needs approval.",
    parameters: z.object({ path: z.string() }),
    requireConfirmation: true,
    execute: ({ path }) => ({ deleted: path }),
  });
  const fetchReport = new FunctionTool({
    name: "fetch_report",
    description: "Reads a report; needs an API key.",
    parameters: z.object({ name: z.string() }),
    requireConfirmation: variant === "new",
    execute: ({ name: report }, ctx) => {
      const key = variant === "skip" ? "built-in" : ctx?.getAuthResponse(REPORT_AUTH)?.apiKey;
      if (!key) {
        ctx?.requestCredential(REPORT_AUTH);
        return { pending_auth: true };
      }
      return { report, rows: 3 };
    },
  });
  return new LlmAgent({
    name,
    description: `Case replay test agent (${variant}).`,
    instruction: "Test agent; the scripted model decides.",
    model: new ScriptedLlm((view) => script(view, variant)),
    tools: [deleteFile, fetchReport],
  });
}
