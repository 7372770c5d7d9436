import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AguiService } from "@/lib/server/agui";
import { Hub } from "@/lib/server/hub";
import { openStore } from "@/lib/server/store";
import { tempDir } from "@/tests/support/servers";

/**
 * What an AG-UI endpoint nobody here wrote may answer (issue 23), from a scripted agent that does
 * what the user's text says: `html` is a proxy's login page (HTTP 200, text/html), `stray` mixes
 * lines that are no SSE field into a good stream.
 */
const data = tempDir("loupe-agui-not-a-stream-");
let server: http.Server;
let agui: AguiService;
let agentId = "";

const LOGIN = "<html><body>\n<h1>Sign in to continue</h1>\n</body></html>\n";

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (c: Buffer) => (body += c.toString()));
    req.on("end", () => {
      const input = JSON.parse(body) as { threadId: string; runId: string; messages: { content?: unknown }[] };
      const text = String(input.messages.at(-1)?.content ?? "");
      if (text === "html") return void res.writeHead(200, { "content-type": "text/html" }).end(LOGIN);
      const event = (e: Record<string, unknown>) => `data: ${JSON.stringify(e)}\n\n`;
      res.writeHead(200, { "content-type": "text/event-stream" });
      res.end(
        event({ type: "RUN_STARTED", threadId: input.threadId, runId: input.runId }) +
          "<div>not a field</div>\nwarning: also not one\n\n" +
          event({ type: "RUN_FINISHED", threadId: input.threadId, runId: input.runId }),
      );
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", () => r()));
  agui = new AguiService(new Hub(openStore(data.dir)));
  agentId = agui.create({
    name: "odd agent",
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    headers: {},
    tools: [],
  }).id;
});

afterAll(async () => {
  agui.hub.store.close();
  await new Promise<void>((r) => server.close(() => r()));
  data.cleanup();
});

async function run(text: string) {
  const started = agui.startRun(agentId, { text, context: [] });
  return { ...started, ...(await agui.runDone(started.runId)!) };
}
const malformed = (runId: string) =>
  agui.hub.store
    .connectionEntries(agentId, undefined, 1000)
    .filter((e) => e.kind === "agui_malformed" && (e.raw as { runId?: string }).runId === runId)
    .map((e) => e.raw as { text: string; error: string });

describe("an AG-UI agent that answers no event stream", () => {
  it("a page sent as HTTP 200 text/html: the run says what came, and the page is on record", async () => {
    // Before: "ended before RUN_FINISHED", and only 20 characters of the page in an SSE error.
    const r = await run("html");
    expect(r.record.status).toBe("error");
    expect(r.record.error).toMatchObject({
      code: "upstream:agui_not_event_stream",
      message: expect.stringMatching(/^The agent answered with text\/html, not an event stream \(text\/event-stream\): <html>/),
    });
    expect(malformed(r.runId)).toEqual([{ runId: r.runId, text: LOGIN, error: expect.stringMatching(/not an event stream/) }]);
  });

  it("lines that are no SSE field in a good stream are kept as their text, and the run still finishes", async () => {
    const r = await run("stray");
    expect(r.record.status).toBe("finished");
    expect(malformed(r.runId)).toEqual([
      {
        runId: r.runId,
        text: "<div>not a field</div>\nwarning: also not one",
        error: expect.stringMatching(/^Lines that are not server-sent event fields/),
      },
    ]);
  });
});
