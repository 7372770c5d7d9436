import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AguiService } from "@/lib/server/agui";
import { Hub } from "@/lib/server/hub";
import { openStore } from "@/lib/server/store";
import { startSdkAguiAgent } from "@/tests/fixtures/agui/sdk-agent";
import type { SdkAguiAgent } from "@/tests/fixtures/agui/sdk-agent";
import { tempDir } from "@/tests/support/servers";
import { runToEnd } from "@/tests/support/agui-runs";

// Issue 23: what a real AG-UI agent (built on the official SDK's encoder) sends at a run's end.
const data = tempDir("loupe-agui-after-end-");
let agent: SdkAguiAgent;
let agui: AguiService;
let agentId = "";

beforeAll(async () => {
  agent = await startSdkAguiAgent();
  agui = new AguiService(new Hub(openStore(data.dir)));
  agentId = agui.create({ name: "sdk agent", url: agent.url, headers: {}, tools: [] }).id;
});

afterAll(async () => {
  agui.hub.store.close();
  await agent.close();
  data.cleanup();
});

const run = (body: Parameters<AguiService["startRun"]>[1]) => runToEnd(agui, agentId, body);

describe("AG-UI events after RUN_ERROR", () => {
  it("are recorded and shown after the end, never merged into the thread's messages nor sent back next run", async () => {
    const r = await run({ text: "error-then-text", context: [] });
    expect(r.record.status).toBe("error");
    expect(r.record.error?.message).toBe("The model quota ran out");
    // Recorded as received.
    const recorded = agui.hub.store
      .connectionEntries(agentId, undefined, 1000)
      .filter((e) => e.kind === "agui_event" && e.sessionKey === r.threadId);
    expect(recorded.map((e) => (e.raw as { event: { type: string } }).event.type)).toEqual([
      "RUN_STARTED",
      "TEXT_MESSAGE_START",
      "TEXT_MESSAGE_CONTENT",
      "RUN_ERROR",
      "TEXT_MESSAGE_CONTENT",
      "TEXT_MESSAGE_END",
      "TEXT_MESSAGE_START",
      "TEXT_MESSAGE_CONTENT",
      "TEXT_MESSAGE_END",
    ]);
    expect(JSON.stringify(recorded.map((e) => e.raw))).toContain("LEAKED AFTER THE ERROR");
    // Shown as after the end, with a finding.
    const after = r.timeline.items.filter((i) => i.kind === "after_end");
    expect(after.map((i) => (i.kind === "after_end" ? i.type : ""))).toEqual([
      "TEXT_MESSAGE_CONTENT",
      "TEXT_MESSAGE_END",
      "TEXT_MESSAGE_START",
      "TEXT_MESSAGE_CONTENT",
      "TEXT_MESSAGE_END",
    ]);
    expect(r.timeline.findings.find((f) => f.code === "event_after_run_end")?.message).toMatch(/after RUN_ERROR/);
    const text = r.timeline.items.find((i) => i.kind === "text");
    expect(text?.kind === "text" && text.text).toBe("Partial answer");
    // The thread keeps only what came before the end.
    const thread = agui.thread(agentId, r.threadId);
    expect(JSON.stringify(thread.messages)).not.toContain("LEAKED");
    expect(JSON.stringify(thread.messages)).not.toContain("A whole message after the error");
    // And the next run sends the agent none of it.
    await run({ threadId: r.threadId, text: "hello again", context: [] });
    const sent = JSON.stringify(agent.inputs.at(-1)!.messages);
    expect(sent).toContain("Partial answer");
    expect(sent).not.toContain("LEAKED");
    expect(sent).not.toContain("A whole message after the error");
  });
});

describe("AG-UI RUN_FINISHED whose outcome does not validate", () => {
  it("says RUN_FINISHED arrived with an invalid outcome, with the validation message and the raw frame", async () => {
    const r = await run({ text: "bad-outcome", context: [] });
    expect(r.record.status).toBe("error");
    expect(r.record.error?.code).toBe("upstream:agui_run_finished_invalid");
    expect(r.record.error?.message).not.toMatch(/ended before RUN_FINISHED/);
    expect(r.record.error?.message).toMatch(/^RUN_FINISHED arrived with an outcome that does not validate \(outcome\.interrupts: .+\)$/);
    const frame = (r.record.error?.details as { frame?: string } | undefined)?.frame ?? "";
    expect(JSON.parse(frame)).toMatchObject({ type: "RUN_FINISHED", outcome: { type: "interrupt" } });
  });
});
