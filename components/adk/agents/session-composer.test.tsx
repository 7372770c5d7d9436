// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import type { RunRecord } from "@/lib/contracts/agents";
import { SessionComposer } from "@/components/adk/agents/session-composer";
import { fetchRouter, renderWithClient } from "@/components/mcp/workbench/test-support";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const REF = { agentId: "ag", appName: "demo", userId: "u1", sessionId: "s1" };
const RUN: RunRecord = { id: "r1", agentId: "ag", sessionKey: "demo/u1/s1", status: "running", startedAt: 5, endedAt: null, eventCount: 0 };

function setup(runHandler: () => unknown = () => RUN) {
  const router = fetchRouter({
    "POST /api/agents/ag/apps/demo/sessions/s1/run": runHandler,
    "POST /api/agents/ag/runs/r1/abort": () => ({ ...RUN, status: "aborted", endedAt: 9 }),
  });
  vi.stubGlobal("fetch", router.fetch);
  return { router, ...renderWithClient(<SessionComposer sessionRef={REF} />) };
}

const input = () => screen.getByTestId<HTMLTextAreaElement>("composer-input");

describe("SessionComposer", () => {
  it("sends text and an attached file as inlineData, streaming on, then Stop aborts the run", async () => {
    const { router } = setup();
    expect(screen.queryByTestId("composer-stop")).toBeNull();
    fireEvent.change(input(), { target: { value: "What is in this file?" } });
    const file = new File(["hello, agent"], "note.txt", { type: "text/plain" });
    fireEvent.change(screen.getByTestId("attach-file"), { target: { files: [file] } });
    expect(await screen.findByText("note.txt")).toBeTruthy();
    fireEvent.click(screen.getByTestId("streaming-toggle"));
    fireEvent.click(screen.getByTestId("composer-send"));

    await waitFor(() => expect(router.requests.some((r) => r.path.endsWith("/run"))).toBe(true));
    const sent = router.requests.find((r) => r.path.endsWith("/run"))!;
    expect(sent).toMatchObject({ method: "POST", path: "/api/agents/ag/apps/demo/sessions/s1/run" });
    expect(sent.body).toEqual({
      userId: "u1",
      streaming: true,
      parts: [
        { text: "What is in this file?" },
        { inlineData: { mimeType: "text/plain", data: btoa("hello, agent"), displayName: "note.txt" } },
      ],
    });
    // Accepted: the box is cleared and the running run can be stopped.
    await waitFor(() => expect(input().value).toBe(""));
    expect(screen.queryByText("note.txt")).toBeNull();
    fireEvent.click(await screen.findByTestId("composer-stop"));
    await waitFor(() => expect(router.requests.map((r) => `${r.method} ${r.path}`)).toContain("POST /api/agents/ag/runs/r1/abort"));
    await waitFor(() => expect(screen.queryByTestId("composer-stop")).toBeNull());
  });

  it("Enter sends, Shift+Enter does not; a refused run shows inline and keeps the text", async () => {
    const { router } = setup(() => Response.json({ error: { code: "upstream:http", message: "Session not found: s1" } }, { status: 502 }));
    fireEvent.change(input(), { target: { value: "line one" } });
    fireEvent.keyDown(input(), { key: "Enter", shiftKey: true });
    expect(router.requests).toHaveLength(0);
    fireEvent.keyDown(input(), { key: "Enter" });
    expect(await screen.findByText("Session not found: s1")).toBeTruthy();
    expect(router.requests[0]!.body).toEqual({ userId: "u1", streaming: false, parts: [{ text: "line one" }] });
    expect(input().value).toBe("line one");
    expect(screen.getByTestId("composer-input")).toBeTruthy();
  });
});
