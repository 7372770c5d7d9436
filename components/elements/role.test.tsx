// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from "vitest";
import { cleanup, render, screen } from "@testing-library/react";
import { AdminGuard, AnswerGuard, RoleContext } from "@/components/elements/role";
import { PeerSidebarSection } from "@/components/elements/peer/peer-sidebar-section";
import type { Me, Role } from "@/lib/contracts/people";

afterEach(cleanup);

const team = (role: Role): Me => ({ team: true, actor: { kind: "person", name: "Ann", role } });

function renderGuarded(me: Me | null) {
  return render(
    <RoleContext.Provider value={me}>
      <AnswerGuard>
        <button type="button">Approve</button>
      </AnswerGuard>
    </RoleContext.Provider>,
  );
}

describe("AnswerGuard (issue 25: the UI disables what the role cannot do, and says why)", () => {
  it("disables a viewer's answer form and names the role it needs", () => {
    renderGuarded(team("viewer"));
    // Disabled by its fieldset: what a browser's :disabled says, not the button's own attribute.
    expect(screen.getByRole("button", { name: "Approve" }).closest("fieldset")?.disabled).toBe(true);
    expect(screen.getByTestId("answer-guard").textContent).toContain(
      "Needs the responder role (a responder answers human requests and approvals); you are a viewer.",
    );
  });

  it("leaves it alone for a responder, and in local mode", () => {
    renderGuarded(team("responder"));
    expect(screen.queryByTestId("answer-guard")).toBeNull();
    expect(screen.getByRole("button", { name: "Approve" }).closest("fieldset")).toBeNull();
    cleanup();
    renderGuarded({ team: false, actor: { kind: "local", name: "local token", role: "admin" } });
    expect(screen.queryByTestId("answer-guard")).toBeNull();
  });
});

describe("admin-only actions (issue 25: disabled for other roles, the reason in their title, in every protocol's sidebar)", () => {
  const renderSection = (me: Me | null) =>
    render(
      <RoleContext.Provider value={me}>
        <PeerSidebarSection
          testId="peer-nav"
          icon={null}
          title="Peers"
          add={{ label: "Add peer", testId: "add-peer", onClick: () => undefined }}
          peers={{
            isError: false,
            isPending: false,
            error: null,
            data: [{ id: "a", name: "A", url: "http://a", state: { status: "ok" } }],
            refetch: () => undefined,
          }}
          texts={{ loadError: "x", loading: "x", empty: "x", confirmRemove: (n) => n }}
          openId={null}
          onOpen={() => undefined}
          remove={{ run: () => undefined, pending: false, error: null }}
          rowTestId="peer-row"
          removeTestId="peer-remove"
          addDialog={() => null}
        />
        <AdminGuard>
          <button type="button">Rotate key</button>
        </AdminGuard>
      </RoleContext.Provider>,
    );
  const WHY = "Needs the admin role (an admin adds servers and agents, runs tools, changes taps and settings); you are a responder.";

  it("a responder sees Add and Remove disabled with the reason as their title, and a guarded group disabled", () => {
    renderSection(team("responder"));
    for (const id of ["add-peer", "peer-remove"]) {
      const button = screen.getByTestId<HTMLButtonElement>(id);
      expect(button.disabled).toBe(true);
      expect(button.title).toBe(WHY);
    }
    expect(screen.getByRole("button", { name: "Rotate key" }).closest("fieldset")?.disabled).toBe(true);
    expect(screen.getByTestId("admin-guard").title).toBe(WHY);
  });

  it("an admin, and local mode, keep them enabled", () => {
    for (const me of [team("admin"), null]) {
      renderSection(me);
      expect(screen.getByTestId<HTMLButtonElement>("add-peer").disabled).toBe(false);
      expect(screen.getByTestId<HTMLButtonElement>("add-peer").title).toBe("Add peer");
      expect(screen.getByTestId<HTMLButtonElement>("peer-remove").disabled).toBe(false);
      expect(screen.queryByTestId("admin-guard")).toBeNull();
      cleanup();
    }
  });
});
