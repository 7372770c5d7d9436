// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanup, screen } from "@testing-library/react";
import { TasksPanel } from "@/components/mcp/tasks/tasks-panel";
import { connectionFixture, fetchRouter, renderWithClient } from "@/components/mcp/workbench/test-support";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const modern = { version: "2026-07-28", mode: "modern" as const, why: "server/discover answered" };
const empty = (support: object) => ({ support, sessionKey: "s1", tasks: [], listedAt: Date.now() });

function renderPanel(state: object, clientTasks: boolean, support: object) {
  vi.stubGlobal("fetch", fetchRouter({ "GET /api/connections/everything/tasks": () => empty(support) }).fetch);
  const conn = connectionFixture(
    { clientCapabilities: { sampling: true, elicitationForm: true, elicitationUrl: true, roots: true, tasks: clientTasks } },
    state,
  );
  renderWithClient(<TasksPanel connection={conn} />);
}

describe("TasksPanel empty state on a 2026-07-28 connection", () => {
  it("explains the Tasks extension: the server decides per call, and names the Client tab setting Loupe needs on", async () => {
    renderPanel({ era: modern, capabilities: { tools: {}, extensions: { "io.modelcontextprotocol/tasks": {} } } }, false, {
      toolsCall: true,
      list: false,
      cancel: true,
      extension: true,
    });
    const msg = await screen.findByTestId("tasks-empty");
    expect(msg.textContent).toContain("io.modelcontextprotocol/tasks");
    expect(msg.textContent).toMatch(/server decides/);
    expect(msg.textContent).toMatch(/Client tab/);
    expect(msg.textContent).toMatch(/“Tasks”/);
    // The setting is off here, and the message says so (on, it says Loupe already declares it).
    expect(msg.textContent).toMatch(/is off/);
  });

  it("says Loupe already declares the extension when the Client tab's Tasks is on", async () => {
    renderPanel({ era: modern, capabilities: { tools: {}, extensions: { "io.modelcontextprotocol/tasks": {} } } }, true, {
      toolsCall: true,
      list: false,
      cancel: true,
      extension: true,
    });
    const msg = await screen.findByTestId("tasks-empty");
    expect(msg.textContent).toMatch(/is on/);
  });

  it("a modern server without the extension is said to lack it (not an initialize capability)", async () => {
    renderPanel({ era: modern, capabilities: { tools: {} } }, false, { toolsCall: false, list: false, cancel: false });
    const msg = await screen.findByTestId("tasks-unsupported");
    expect(msg.textContent).toContain("io.modelcontextprotocol/tasks");
    expect(msg.textContent).not.toContain("initialize");
  });
});
