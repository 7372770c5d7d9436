// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from "vitest";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { RoleContext } from "@/components/elements/role";
import type { Me } from "@/lib/contracts/people";
import { A2aComposer } from "./a2a-composer";

afterEach(cleanup);

function renderAs(me: Me) {
  render(
    <RoleContext.Provider value={me}>
      <A2aComposer canStream canPush={false} continueLabel={null} onSend={() => Promise.resolve()} busy={false} />
    </RoleContext.Provider>,
  );
  fireEvent.change(screen.getByRole("textbox", { name: "Message" }), { target: { value: "hi" } });
  return screen.getByTestId<HTMLButtonElement>("a2a-send");
}

describe("A2A's Send (issue 25: running an agent is an admin's)", () => {
  it("is disabled for a responder, the reason in its title; enabled for an admin", () => {
    const send = renderAs({ team: true, actor: { kind: "person", name: "Ann", role: "responder" } });
    expect(send.disabled).toBe(true);
    expect(send.title).toBe(
      "Needs the admin role (an admin adds servers and agents, runs tools, changes taps and settings); you are a responder.",
    );
    cleanup();
    expect(renderAs({ team: true, actor: { kind: "person", name: "Ann", role: "admin" } }).disabled).toBe(false);
  });
});
