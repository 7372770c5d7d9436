// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from "vitest";
import { cleanup, render, screen } from "@testing-library/react";
import { AnswerGuard, RoleContext } from "@/components/elements/role";
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
