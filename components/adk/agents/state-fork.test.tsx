// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import type { RunRecord } from "@/lib/contracts/agents";
import { SECRET_MASK } from "@/lib/contracts/connections";
import { SessionComposer } from "@/components/adk/agents/session-composer";
import { ForkDialog } from "@/components/adk/agents/fork-dialog";
import { fetchRouter, renderWithClient } from "@/components/mcp/workbench/test-support";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const REF = { agentId: "ag", appName: "demo", userId: "u1", sessionId: "s1" };
const RUN: RunRecord = { id: "r1", agentId: "ag", sessionKey: "demo/u1/s1", status: "running", startedAt: 5, endedAt: null, eventCount: 0 };

describe("Composer state change", () => {
  it("sends the state change as stateDelta with the next message, blocks Send on bad JSON, then closes", async () => {
    const router = fetchRouter({ "POST /api/agents/ag/apps/demo/sessions/s1/run": () => RUN });
    vi.stubGlobal("fetch", router.fetch);
    renderWithClient(<SessionComposer sessionRef={REF} />);
    fireEvent.change(screen.getByTestId("composer-input"), { target: { value: "weather" } });
    fireEvent.click(screen.getByTestId("state-delta-toggle"));
    fireEvent.change(screen.getByTestId("state-delta-input"), { target: { value: "[1, 2]" } });
    expect(screen.getByTestId("json-error").textContent).toContain("must be a JSON object");
    expect(screen.getByTestId<HTMLButtonElement>("composer-send").disabled).toBe(true);
    fireEvent.change(screen.getByTestId("state-delta-input"), { target: { value: '{"city": "Oslo", "user:tier": 2}' } });
    expect(screen.queryByTestId("json-error")).toBeNull();
    fireEvent.click(screen.getByTestId("composer-send"));
    await waitFor(() => expect(router.requests.some((r) => r.path.endsWith("/run"))).toBe(true));
    expect(router.requests.find((r) => r.path.endsWith("/run"))!.body).toEqual({
      userId: "u1",
      streaming: false,
      parts: [{ text: "weather" }],
      stateDelta: { city: "Oslo", "user:tier": 2 },
    });
    await waitFor(() => expect(screen.queryByTestId("state-delta-editor")).toBeNull());
  });
});

describe("ForkDialog", () => {
  it("shows the state first, says which keys go where, and creates the session with the edited state", async () => {
    const router = fetchRouter({
      "POST /api/agents/ag/apps/demo/sessions": () =>
        Response.json({ id: "forked", appName: "demo", userId: "u1", state: {}, events: [] }, { status: 201 }),
    });
    vi.stubGlobal("fetch", router.fetch);
    const onOpen = vi.fn();
    renderWithClient(
      <ForkDialog sessionRef={REF} eventLabel="event e2" state={{ city: "Paris", "app:v": 1, "temp:t": 9 }} onOpenSession={onOpen} />,
    );
    fireEvent.click(screen.getByTestId("fork-from-here"));
    const editor = await screen.findByTestId<HTMLTextAreaElement>("fork-state");
    expect(JSON.parse(editor.value)).toEqual({ city: "Paris" });
    expect(screen.getByTestId("fork-shared").textContent).toContain("app:v");
    expect(screen.getByTestId("fork-temp").textContent).toContain("temp:t");
    fireEvent.change(editor, { target: { value: "nope" } });
    expect(screen.getByTestId<HTMLButtonElement>("fork-create").disabled).toBe(true);
    fireEvent.change(editor, { target: { value: '{"city": "Rome"}' } });
    fireEvent.click(screen.getByTestId("fork-include-shared"));
    fireEvent.click(screen.getByTestId("fork-create"));
    await waitFor(() => expect(onOpen).toHaveBeenCalledWith({ ...REF, sessionId: "forked" }));
    expect(router.requests.find((r) => r.method === "POST")!.body).toEqual({ userId: "u1", state: { city: "Rome", "app:v": 1 } });
  });

  it("warns that a value Loupe masked would be sent as the mask text", async () => {
    renderWithClient(<ForkDialog sessionRef={REF} eventLabel="event e2" state={{ city: "Paris", apiKey: SECRET_MASK }} />);
    fireEvent.click(screen.getByTestId("fork-from-here"));
    expect((await screen.findByTestId("fork-masked")).textContent).toContain("Type the real value or remove the key");
    fireEvent.change(screen.getByTestId("fork-state"), { target: { value: '{"city": "Paris"}' } });
    expect(screen.queryByTestId("fork-masked")).toBeNull();
  });
});
