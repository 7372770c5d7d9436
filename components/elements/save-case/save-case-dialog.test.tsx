// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { fetchRouter, renderWithClient } from "@/components/mcp/workbench/test-support";
import type { TestCase } from "@/lib/contracts/testing";
import { SaveCaseDialog } from "./save-case-dialog";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const made: TestCase = {
  id: "c1",
  name: "call echo",
  protocol: "mcp",
  target: { kind: "saved", id: "demo-mcp" },
  steps: [{ kind: "tools/call", input: { name: "echo", arguments: { message: "hi" } } }],
  answers: [],
  recorded: {
    result: { content: [{ type: "text", text: "Echo: hi" }] },
    isError: false,
    latencyMs: 30,
    toolCalls: [],
    finalResponse: null,
    pauses: [],
  },
  assertions: [],
  createdAt: 1,
  updatedAt: 1,
};
const source = { protocol: "mcp", from: "call", ref: { connectionId: "demo-mcp", callId: "k1" } };

describe("SaveCaseDialog", () => {
  it("saves into a new suite: the driver makes the case, it is named and given the ticked assertions that apply, then the suite holds it", async () => {
    const router = fetchRouter({
      "GET /api/tests/suites": () => [],
      "POST /api/tests/cases": () => made,
      "PUT /api/tests/cases/c1": (req) => ({ ...made, ...(req.body as object) }),
      "POST /api/tests/suites": (req) => ({ id: "s1", ...(req.body as object) }),
    });
    vi.stubGlobal("fetch", router.fetch);
    const onSaved = vi.fn();
    renderWithClient(
      <SaveCaseDialog
        source={source}
        defaultName="echo"
        startWith={["structural", "is_error", "trajectory"]}
        onClose={vi.fn()}
        onSaved={onSaved}
      />,
    );
    fireEvent.change(screen.getByTestId("case-name-input"), { target: { value: "echo hi" } });
    fireEvent.change(screen.getByTestId("new-suite-name"), { target: { value: "Smoke" } });
    fireEvent.click(screen.getByTestId("save-case-submit"));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());

    const writes = router.requests.filter((r) => r.method !== "GET");
    expect(writes.map((r) => `${r.method} ${r.path}`)).toEqual([
      "POST /api/tests/cases",
      "PUT /api/tests/cases/c1",
      "POST /api/tests/suites",
    ]);
    expect(writes[0]?.body).toEqual({ from: source });
    // A tool result has no trajectory: that tick is left out; the others hold as recorded.
    expect(writes[1]?.body).toMatchObject({
      name: "echo hi",
      assertions: [
        { type: "structural", ignorePaths: [] },
        { type: "is_error", expected: false },
      ],
    });
    expect(writes[2]?.body).toEqual({ name: "Smoke", caseIds: ["c1"] });
    expect(onSaved.mock.calls[0]?.[0]).toMatchObject({ suiteId: "s1" });
  });

  it("says why the server refused, in its words, and keeps the dialog", async () => {
    const router = fetchRouter({
      "GET /api/tests/suites": () => [],
      "POST /api/tests/cases": () =>
        Response.json({ error: { code: "not_found:case_source", message: "The call k1 of demo-mcp is not recorded" } }, { status: 404 }),
    });
    vi.stubGlobal("fetch", router.fetch);
    const onSaved = vi.fn();
    renderWithClient(<SaveCaseDialog source={source} defaultName="echo" startWith={["structural"]} onClose={vi.fn()} onSaved={onSaved} />);
    fireEvent.click(screen.getByTestId("save-case-submit"));
    expect(await screen.findByText(/The call k1 of demo-mcp is not recorded/)).toBeTruthy();
    expect(screen.getByTestId("save-case-dialog")).toBeTruthy();
    expect(onSaved).not.toHaveBeenCalled();
  });
});
