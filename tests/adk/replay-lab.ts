/**
 * replay_lab, written for the case replay tests (tests/integration/adk-case-replay.test.ts), on the
 * offline scripted model. "clean up": the model asks for two gated deletions in one response (two
 * confirmations in one step); "report": a tool asks for an API key (a credential pause); "count": a tool with no pause (the evalset import test). The test
 * changes the agent while it runs by writing a version into the file named by
 * LOUPE_REPLAY_LAB_FILE, each changing one thing: `args` deletes another file, `skip` has the key
 * already (no credential pause), `new` also gates the report behind a confirmation.
 */
import { readFileSync } from "node:fs";
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

const VARIANTS: readonly ReplayVariant[] = ["same", "args", "skip", "new"];

/** The version the test set last (read on every call, so a change applies to the next run). */
function variant(): ReplayVariant {
  const file = process.env.LOUPE_REPLAY_LAB_FILE;
  let text = "";
  try {
    text = file ? readFileSync(file, "utf8").trim() : "";
  } catch {
    // No file yet: the recorded version.
  }
  return VARIANTS.find((v) => v === text) ?? "same";
}

function script(v: ConversationView): ScriptedReply {
  if (v.userKey.includes("clean")) {
    const done = v.results.filter((r) => r.name === "delete_file").map((r) => String(r.response.deleted ?? r.response.error));
    if (done.length > 0 || v.calledSince.includes("delete_file")) return { text: `Deleted: ${done.join(", ")}.` };
    const second = variant() === "args" ? "/tmp/c.log" : "/tmp/b.log";
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
  if (v.userKey.includes("count")) {
    const got = v.results.find((r) => r.name === "count_files");
    if (got) return { text: `There are ${String(got.response.count)} files in /tmp.` };
    return { calls: [{ name: "count_files", args: { dir: "/tmp" } }] };
  }
  return { text: `You said: ${v.userText}` };
}

export function replayLab(name: string): LlmAgent {
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
    requireConfirmation: () => variant() === "new",
    execute: ({ name: report }, ctx) => {
      const key = variant() === "skip" ? "built-in" : ctx?.getAuthResponse(REPORT_AUTH)?.apiKey;
      if (!key) {
        ctx?.requestCredential(REPORT_AUTH);
        return { pending_auth: true };
      }
      return { report, rows: 3 };
    },
  });
  const countFiles = new FunctionTool({
    name: "count_files",
    description: "Counts the files in a folder (pretend).",
    parameters: z.object({ dir: z.string() }),
    execute: () => ({ count: 2 }),
  });
  return new LlmAgent({
    name,
    description: "Case replay test agent: two confirmations in one step, then a credential.",
    instruction: "Test agent; the scripted model decides.",
    model: new ScriptedLlm((view) => script(view)),
    tools: [deleteFile, fetchReport, countFiles],
  });
}
