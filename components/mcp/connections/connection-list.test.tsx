// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from "vitest";
import { cleanup, render, screen } from "@testing-library/react";
import { ConnectionList } from "@/components/mcp/connections/connection-list";
import { connectionFixture } from "@/components/mcp/workbench/test-support";

afterEach(cleanup);

describe("ConnectionList", () => {
  it("gives a server's name its own line (the transport sits under it) and the whole name on hover", () => {
    const a = connectionFixture({ id: "a", name: "demo http 2026", transport: "http" } as never);
    const b = connectionFixture({ id: "b", name: "demo http auto", transport: "http" } as never);
    render(<ConnectionList connections={[a, b]} selectedId={null} onSelect={() => {}} onAdd={() => {}} />);
    const names = screen.getAllByTestId("connection-name");
    expect(names.map((n) => n.getAttribute("title"))).toEqual(["demo http 2026", "demo http auto"]);
    // Beside the name, "STREAMABLE HTTP" left two names only "demo http …" at 800 px.
    for (const n of names) expect(n.parentElement?.getAttribute("data-testid")).toBe("connection-item");
    const transports = screen.getAllByTestId("connection-transport");
    expect(transports).toHaveLength(2);
    for (const t of transports) expect(t.closest("[data-testid=connection-item]")).not.toBeNull();
  });

  it("keeps the hidden-character warning as the title of a name that has them", () => {
    const c = connectionFixture({ id: "c1", name: "github\u202Eevil" });
    render(<ConnectionList connections={[c]} selectedId={null} onSelect={() => {}} onAdd={() => {}} />);
    expect(screen.getByTestId("connection-name").getAttribute("title")).toContain("Contains hidden characters");
  });

  it("names the transport in use: an HTTP connection that fell back to SSE does not read Streamable HTTP (issue 23)", () => {
    const fellBack = connectionFixture({ id: "f", name: "legacy", transport: "http" } as never, { transportUsed: "sse" });
    const streamable = connectionFixture({ id: "s", name: "modern", transport: "http" } as never, { transportUsed: "streamable-http" });
    const notYet = connectionFixture({ id: "n", name: "later", transport: "http" } as never, { status: "idle" });
    render(<ConnectionList connections={[fellBack, streamable, notYet]} selectedId={null} onSelect={() => {}} onAdd={() => {}} />);
    expect(screen.getAllByTestId("connection-transport").map((t) => t.textContent)).toEqual([
      "SSE (fallback)",
      "Streamable HTTP",
      "Streamable HTTP",
    ]);
  });

  it("says which instance holds a server another instance connects (several instances on one database)", () => {
    const elsewhere = {
      ...connectionFixture({ id: "e", name: "everything" }),
      heldBy: { instance: "i-a", address: "Loupe on 10.0.0.1:6280", here: false },
    };
    const here = {
      ...connectionFixture({ id: "h", name: "mine" }),
      heldBy: { instance: "i-b", address: "Loupe on 10.0.0.2:6280", here: true },
    };
    render(<ConnectionList connections={[elsewhere, here]} selectedId={null} onSelect={() => {}} onAdd={() => {}} />);
    expect(screen.getAllByTestId("connection-held-by").map((n) => n.textContent)).toEqual(["held by Loupe on 10.0.0.1:6280"]);
  });
});
