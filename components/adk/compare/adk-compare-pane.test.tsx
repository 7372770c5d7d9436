// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { scriptedSession, weatherCall } from "@/lib/protocols/adk/compare-test-sessions";
import { fetchRouter, renderWithClient } from "@/components/mcp/workbench/test-support";
import { AdkComparePane } from "./adk-compare-pane";
import { CompareWithDialog } from "./compare-with-dialog";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const base = "/api/agents/ag/apps/demo/sessions";
const stored = (id: string, userId: string, events: unknown[]) => () => ({
  id,
  appName: "demo",
  userId,
  state: {},
  events,
  lastUpdateTime: 1,
});
const ref = (sessionId: string, userId = "u1") => ({ agentId: "ag", appName: "demo", userId, sessionId });

function renderPane(onOpen = vi.fn()) {
  const a = scriptedSession(
    [
      {
        user: "Weather in Paris?",
        calls: [weatherCall("Paris")],
        answer: "Sunny in Paris.\nEnjoy!",
        tokens: 40,
        stateDelta: { last_city: "Paris", "user:lookups": 1 },
      },
      { user: "Thanks", answer: "You're welcome." },
    ],
    "a",
  );
  const b = scriptedSession(
    [
      {
        user: "Weather in Paris?",
        calls: [weatherCall("Rome", "rain")],
        answer: "Rain in Rome.\nEnjoy!",
        tokens: 55,
        stateDelta: { last_city: "Rome", "user:lookups": 2 },
      },
      { user: "Thanks", answer: "You're welcome." },
      { user: "One more", answer: "Sure." },
    ],
    "b",
  );
  vi.stubGlobal("fetch", fetchRouter({ [`GET ${base}/sA`]: stored("sA", "u1", a), [`GET ${base}/sB`]: stored("sB", "bob", b) }).fetch);
  renderWithClient(<AdkComparePane a={ref("sA")} b={ref("sB", "bob")} onClose={vi.fn()} onSwap={vi.fn()} onOpen={onOpen} />);
}

describe("AdkComparePane", () => {
  it("aligns the two sessions by invocation and shows what differs: the argument, the answer line, the extra invocation", async () => {
    renderPane();
    const rows = await screen.findAllByTestId("compare-row");
    expect(rows.map((r) => r.getAttribute("data-status"))).toEqual(["different", "same", "only_b"]);
    expect(screen.getByTestId("summary-units").textContent).toBe("3 invocations");
    expect(screen.getByTestId("summary-differing").textContent).toBe("2 differing");
    expect(screen.getByTestId("summary-tokens").textContent).toBe("tokens 40 vs 55");
    // B's user is named since it is not A's.
    expect(screen.getByTestId("compare-label-b").textContent).toContain("sB of bob");

    const first = rows[0]!;
    expect(within(first).getAllByText("Weather in Paris?")).toHaveLength(2);
    const args = within(first).getByTestId("args-changes");
    expect(args.textContent).toContain("$.city");
    expect(args.textContent).toContain('"Paris" → "Rome"');
    // The result's differences are folded until asked for.
    const result = within(first).getByTestId<HTMLDetailsElement>("result-diff");
    expect(result.open).toBe(false);
    expect(result.textContent).toContain("Result differs (2 changes)");
    // Changed answer lines are marked; the shared line is not.
    const answerA = within(first).getByTestId("answer-a");
    expect([...answerA.querySelectorAll("[data-changed]")].map((e) => e.textContent)).toEqual(["Sunny in Paris."]);
    expect(within(first).getByTestId("answer-b").textContent).toContain("Enjoy!");
    expect(within(rows[2]!).getAllByText("No invocation here")).toHaveLength(2);
    // The state each run wrote, with a word on the user-scoped counter both runs share.
    expect(within(first).getByTestId("state-diff").textContent).toContain('$.last_city A → B "Paris" → "Rome"');
    expect(within(first).getByTestId("shared-scope-note")).toBeTruthy();
  });

  it("'Only differences' hides the rows that are the same; a side's label opens that session alone", async () => {
    const onOpen = vi.fn();
    renderPane(onOpen);
    await screen.findAllByTestId("compare-row");
    fireEvent.click(screen.getByTestId("only-differences"));
    expect(screen.getAllByTestId("compare-row").map((r) => r.getAttribute("data-status"))).toEqual(["different", "only_b"]);
    fireEvent.click(within(screen.getByTestId("compare-label-b")).getByRole("button"));
    expect(onOpen).toHaveBeenCalledWith(ref("sB", "bob"));
  });

  it("says which session could not be loaded", async () => {
    vi.stubGlobal("fetch", fetchRouter({ [`GET ${base}/sA`]: stored("sA", "u1", []) }).fetch);
    renderWithClient(<AdkComparePane a={ref("sA")} b={ref("gone")} onClose={vi.fn()} onSwap={vi.fn()} onOpen={vi.fn()} />);
    expect((await screen.findByRole("alert")).textContent).toContain("Could not load session B (gone)");
  });
});

describe("CompareWithDialog", () => {
  it("lists the other sessions of the app, another user's on request, filters by id, and takes an unlisted id", async () => {
    const router = fetchRouter({
      [`GET ${base}`]: (req) =>
        req.path.includes("userId=bob")
          ? [{ id: "bob-1", appName: "demo", userId: "bob", lastUpdateTime: 2 }]
          : [
              { id: "s-open", appName: "demo", userId: "u1", lastUpdateTime: 3 },
              { id: "s-other", appName: "demo", userId: "u1", lastUpdateTime: 2 },
              { id: "x-third", appName: "demo", userId: "u1", lastUpdateTime: 1 },
            ],
    });
    vi.stubGlobal("fetch", router.fetch);
    const onPick = vi.fn();
    renderWithClient(<CompareWithDialog agentId="ag" appName="demo" userId="u1" sessionId="s-open" onPick={onPick} />);
    fireEvent.click(screen.getByTestId("compare-with"));
    await waitFor(() => expect(screen.getAllByTestId("compare-candidate")).toHaveLength(2));
    fireEvent.change(screen.getByTestId("compare-search"), { target: { value: "OTH" } });
    expect(screen.getAllByTestId("compare-candidate").map((b) => b.getAttribute("data-session-id"))).toEqual(["s-other"]);
    fireEvent.click(screen.getByTestId("compare-candidate"));
    expect(onPick).toHaveBeenCalledWith("s-other", "u1");

    fireEvent.click(screen.getByTestId("compare-with"));
    fireEvent.change(screen.getByTestId("compare-user"), { target: { value: "bob" } });
    fireEvent.click(screen.getByRole("button", { name: "List" }));
    fireEvent.change(screen.getByTestId("compare-search"), { target: { value: "" } });
    await waitFor(() =>
      expect(screen.getAllByTestId("compare-candidate").map((b) => b.getAttribute("data-session-id"))).toEqual(["bob-1"]),
    );
    fireEvent.change(screen.getByTestId("compare-search"), { target: { value: "not-listed-id" } });
    fireEvent.click(screen.getByTestId("compare-by-id"));
    expect(onPick).toHaveBeenLastCalledWith("not-listed-id", "bob");
  });
});
