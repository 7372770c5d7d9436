// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { fetchRouter, renderWithClient } from "@/components/mcp/workbench/test-support";
import { LgThreadList } from "@/components/langgraph/lg-thread-list";
import type { LgActions } from "@/hooks/use-langgraph";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const idle = { isPending: false, error: null, mutate: () => undefined };
const actions = { createThread: idle, deleteThread: idle } as unknown as Pick<LgActions, "createThread" | "deleteThread">;

describe("LgThreadList", () => {
  it("a deployment with no thread says so, not 'No thread matches.' (no search, no filter); a search that finds none says that", async () => {
    // Before: "No thread matches." under "All" and an empty search, which reads like a filter miss.
    vi.stubGlobal("fetch", fetchRouter({ "GET /api/langgraph/deployments/d1/threads": () => [] }).fetch);
    renderWithClient(<LgThreadList deploymentId="d1" selectedId={null} onSelect={() => undefined} actions={actions} />);
    await waitFor(() =>
      expect(screen.getByTestId("lg-thread-list-empty").textContent).toBe(
        "No threads on this deployment yet. New makes one; a run without a thread makes its own.",
      ),
    );
    fireEvent.change(screen.getByTestId("lg-thread-search"), { target: { value: "nope" } });
    await waitFor(() => expect(screen.getByTestId("lg-thread-list-empty").textContent).toBe("No thread matches."));
  });
});
