// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from "vitest";
import { cleanup, render, screen } from "@testing-library/react";
import { RoleContext } from "@/components/elements/role";
import type { Me, Role } from "@/lib/contracts/people";
import { AgentList } from "./agent-list";

afterEach(cleanup);

const team = (role: Role): Me => ({ team: true, actor: { kind: "person", name: "Ann", role } });
const renderList = (me: Me | null) =>
  render(
    <RoleContext.Provider value={me}>
      <AgentList agents={[]} selectedId={null} onSelect={() => undefined} onAdd={() => undefined} />
    </RoleContext.Provider>,
  );

describe("AgentList's Add agent server (issue 25: an admin's action)", () => {
  it("is disabled for a viewer, the reason in its title", () => {
    renderList(team("viewer"));
    const add = screen.getByTestId<HTMLButtonElement>("add-agent");
    expect(add.disabled).toBe(true);
    expect(add.title).toBe(
      "Needs the admin role (an admin adds servers and agents, runs tools, changes taps and settings); you are a viewer.",
    );
  });

  it("is enabled for an admin and in local mode", () => {
    renderList(team("admin"));
    expect(screen.getByTestId<HTMLButtonElement>("add-agent").disabled).toBe(false);
    cleanup();
    renderList({ team: false, actor: { kind: "local", name: "local token", role: "admin" } });
    expect(screen.getByTestId<HTMLButtonElement>("add-agent").disabled).toBe(false);
  });
});
