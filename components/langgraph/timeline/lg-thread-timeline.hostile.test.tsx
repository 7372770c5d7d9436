// @vitest-environment happy-dom
/**
 * The timeline on what Loupe recorded from the hostile LangGraph server (tests/fixtures/langgraph/
 * hostile-server.ts): each misbehaving run renders its header and rows, what is odd flagged, never
 * a blank timeline.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { fetch as nodeFetch } from "undici";
import { cleanup, screen } from "@testing-library/react";
import { LgRunBody } from "@/lib/contracts/langgraph";
import { Hub } from "@/lib/server/hub";
import { LangGraphService } from "@/lib/server/langgraph";
import { openStore } from "@/lib/server/store";
import { tempDir } from "@/tests/support/servers";
import { renderWithClient } from "@/components/mcp/workbench/test-support";
import { MANY_EVENTS, startHostileLangGraph } from "@/tests/fixtures/langgraph/hostile-server";
import type { HostileLangGraph, HostileScript } from "@/tests/fixtures/langgraph/hostile-server";
import { LgThreadTimeline } from "./lg-thread-timeline";

/** happy-dom lays nothing out: a viewport and a row height, so the virtualizer renders a window of rows. */
function installLayout(viewport: number, rowPx: number) {
  const proto = HTMLElement.prototype;
  Object.defineProperty(proto, "clientHeight", { configurable: true, get: () => viewport });
  Object.defineProperty(proto, "clientWidth", { configurable: true, get: () => 1000 });
  Object.defineProperty(proto, "offsetHeight", {
    configurable: true,
    get(this: HTMLElement) {
      return this.hasAttribute("data-index") ? rowPx : 0;
    },
  });
}

const data = tempDir("loupe-lg-hostile-ui-");
let srv: HostileLangGraph;
let lg: LangGraphService;
let dep = "";

beforeAll(async () => {
  installLayout(4000, 40);
  // happy-dom's fetch enforces CORS: the server side of Loupe fetches as Node does.
  vi.stubGlobal("fetch", nodeFetch);
  srv = await startHostileLangGraph();
  lg = new LangGraphService(new Hub(openStore(data.dir)));
  dep = (await lg.create({ name: "hostile", url: srv.url, headers: {}, pollSeconds: 0 })).id;
});
afterAll(async () => {
  await lg.closeAll();
  lg.hub.store.close();
  await srv.close();
  data.cleanup();
  vi.unstubAllGlobals();
});
afterEach(cleanup);

/** Runs a script on a new thread (a refused run is recorded too) and answers the thread's entries as the route does. */
async function entriesOf(script: HostileScript) {
  const threadId = (await lg.threads.create(dep, { metadata: {} })).threadId;
  const started = await lg.startRun(dep, LgRunBody.parse({ assistantId: "odd", threadId, input: { script } })).catch(() => null);
  if (started) await lg.runDone(started.runId);
  return lg.threads.entries(dep, threadId);
}

const flagged = () => screen.queryAllByTestId("lg-note").filter((n) => n.dataset.flagged === "true");

describe("LgThreadTimeline on hostile runs", () => {
  const cases: [HostileScript, string, boolean][] = [
    ["unknown-events", "success", true],
    ["bad-data", "success", true],
    ["odd-interrupts", "interrupted", true],
    ["human-all-false", "interrupted", false],
    ["cut", "error", true],
    ["no-metadata", "success", false],
    ["http500", "error", false],
    ["not-sse", "error", false],
    ["error-event", "error", true],
  ];
  for (const [script, status, odd] of cases) {
    it(`${script}: the run's header (${status}) and its rows${odd ? ", the odd flagged" : ""}`, async () => {
      renderWithClient(<LgThreadTimeline entries={await entriesOf(script)} />);
      expect(screen.queryByTestId("lg-timeline-empty")).toBeNull();
      const header = screen.getByTestId("lg-timeline-run");
      expect(header.dataset.status).toBe(status);
      if (status === "error") expect(screen.getByTestId("lg-run-error").textContent).not.toBe("");
      expect(Number(screen.getByTestId("lg-timeline-rows").dataset.count)).toBeGreaterThan(1);
      if (odd) expect(flagged().length).toBeGreaterThan(0);
    });
  }

  it(`a ${MANY_EVENTS.toLocaleString("en")}-event run renders a window of its rows`, async () => {
    renderWithClient(<LgThreadTimeline entries={await entriesOf("many")} />);
    expect(Number(screen.getByTestId("lg-timeline-rows").dataset.count)).toBeGreaterThan(MANY_EVENTS);
    expect(screen.getAllByTestId("lg-step").length).toBeLessThan(200);
  });
});
