// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanup, screen } from "@testing-library/react";
import { fetchRouter, renderWithClient } from "@/components/mcp/workbench/test-support";
import type { Me } from "@/lib/contracts/people";
import { AuditMain } from "./audit-main";
import { RoleProvider } from "./role-provider";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderAudit(me: Me) {
  const router = fetchRouter({
    "GET /api/people/me": () => me,
    "GET /api/audit": () => ({ events: [], next: null, actors: [] }),
    "GET /api/people/tokens": () => [],
  });
  vi.stubGlobal("fetch", router.fetch);
  renderWithClient(
    <RoleProvider>
      <AuditMain />
    </RoleProvider>,
  );
}

describe("AuditMain", () => {
  it("in local mode says the log fills in with who did what in team mode, and how to start it", async () => {
    renderAudit({ team: false, actor: { kind: "local", name: "local token", role: "admin" } });
    const note = await screen.findByTestId("audit-local-note");
    expect(note.textContent).toContain("team mode");
    expect(note.textContent).toContain("--team");
    expect(note.textContent).toContain("LOUPE_OIDC_ISSUER");
  });

  it("in team mode says nothing of it", async () => {
    renderAudit({ team: true, actor: { kind: "person", name: "Ann", role: "admin" } });
    // The service tokens show once the page knows it is an admin in team mode.
    await screen.findByTestId("service-tokens");
    expect(screen.queryByTestId("audit-local-note")).toBeNull();
  });
});
