// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from "vitest";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import type { ReactElement } from "react";
import { RoleContext } from "@/components/elements/role";
import type { AgentServerView } from "@/lib/contracts/agents";
import type { Me, Role } from "@/lib/contracts/people";
import { AgentList } from "./agent-list";
import { Composer } from "./composer";

afterEach(cleanup);

const team = (role: Role): Me => ({ team: true, actor: { kind: "person", name: "Ann", role } });
const LOCAL: Me = { team: false, actor: { kind: "local", name: "local token", role: "admin" } };
const WHY = "Needs the admin role (an admin adds servers and agents, runs tools, changes taps and settings); you are a viewer.";
const as = (me: Me | null, ui: ReactElement) => render(<RoleContext.Provider value={me}>{ui}</RoleContext.Provider>);
const list = <AgentList agents={[]} selectedId={null} onSelect={() => undefined} onAdd={() => undefined} />;
const composer = <Composer onSend={() => Promise.resolve()} onStop={() => undefined} running={false} sending={false} />;

describe("ADK's admin-only buttons (issue 25): Add agent server, Send", () => {
  it("are disabled for a viewer, the reason in their title", () => {
    as(team("viewer"), list);
    as(team("viewer"), composer);
    fireEvent.change(screen.getByRole("textbox", { name: "Message" }), { target: { value: "hi" } });
    for (const id of ["add-agent", "composer-send"]) {
      const button = screen.getByTestId<HTMLButtonElement>(id);
      expect(button.disabled).toBe(true);
      expect(button.title).toBe(WHY);
    }
  });

  it("are enabled for an admin and in local mode", () => {
    for (const me of [team("admin"), LOCAL]) {
      as(me, list);
      as(me, composer);
      fireEvent.change(screen.getByRole("textbox", { name: "Message" }), { target: { value: "hi" } });
      expect(screen.getByTestId<HTMLButtonElement>("add-agent").disabled).toBe(false);
      expect(screen.getByTestId<HTMLButtonElement>("composer-send").disabled).toBe(false);
      cleanup();
    }
  });
});

describe("AgentList rows", () => {
  it("give a cut-off name whole in the row's tooltip, then the URL", () => {
    const name = "A very long ADK agent server name that the sidebar row cuts off";
    const agent: AgentServerView = {
      id: "a",
      name,
      url: "http://127.0.0.1:8000",
      headers: {},
      userId: "user",
      createdAt: 1,
      state: { status: "ok", apps: [] },
    };
    render(<AgentList agents={[agent]} selectedId={null} onSelect={() => undefined} onAdd={() => undefined} />);
    expect(screen.getByTestId("agent-item").title).toBe(`${name}\nhttp://127.0.0.1:8000`);
  });
});
