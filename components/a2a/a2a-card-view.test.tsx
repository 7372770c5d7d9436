// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from "vitest";
import { cleanup, render, screen, within } from "@testing-library/react";
import type { A2aAgentState } from "@/lib/contracts/a2a";
import { demoCardJson } from "@/demo/a2a/card";
import { A2aCardView } from "./a2a-card-view";
import { readCard } from "./card-model";

afterEach(cleanup);

const V03_CARD = {
  protocolVersion: "0.3.0",
  name: "adk_agent",
  description: "ADK agent served over A2A",
  url: "http://127.0.0.1:9100/a2a/adk",
  preferredTransport: "JSONRPC",
  additionalInterfaces: [
    { url: "http://127.0.0.1:9100/a2a/adk", transport: "JSONRPC" },
    { url: "http://127.0.0.1:9100/a2a/adk/rest", transport: "HTTP+JSON" },
  ],
  version: "0.0.1",
  capabilities: { streaming: true, pushNotifications: false },
  securitySchemes: { bearer: { type: "http", scheme: "bearer" } },
  security: [{ bearer: [] }],
  defaultInputModes: ["text/plain"],
  defaultOutputModes: ["text/plain"],
  skills: [{ id: "book", name: "Book a hotel", description: "Books rooms", tags: ["travel"], examples: ["book a room in Paris"] }],
  signatures: [{ protected: "eyJhbGciOiJFUzI1NiJ9", signature: "c2ln" }],
};

describe("readCard", () => {
  it("reads the demo agent's v1.0 card: interfaces by protocolBinding, oneof schemes, skills", () => {
    const card = readCard(demoCardJson("http://127.0.0.1:7190"));
    expect(card.interfaces.map((i) => [i.transport, i.preferred])).toEqual([
      ["JSONRPC", true],
      ["HTTP+JSON", false],
    ]);
    expect(card.protocolVersion).toBe("1.0");
    expect(card.streaming).toBe(true);
    expect(card.pushNotifications).toBe(true);
    expect(card.schemes).toEqual([expect.objectContaining({ name: "demoKey", type: "apiKey" })]);
    expect(card.skills.find((s) => s.id === "ask")?.examples).toEqual(["ask"]);
  });

  it("reads a v0.3 card: url + preferredTransport, the repeated main interface listed once, security requirements", () => {
    const card = readCard(V03_CARD);
    expect(card.interfaces.map((i) => i.transport)).toEqual(["JSONRPC", "HTTP+JSON"]);
    expect(card.schemes[0]?.type).toBe("http bearer");
    expect(card.security).toEqual([[{ scheme: "bearer", scopes: [] }]]);
    expect(card.signatures).toHaveLength(1);
  });

  it("never throws on a card of the wrong shape", () => {
    expect(() => readCard("not a card")).not.toThrow();
    expect(readCard({ skills: "x", capabilities: [], supportedInterfaces: [null] }).skills).toEqual([]);
  });
});

describe("A2aCardView", () => {
  const state = (card: unknown, findings: A2aAgentState["findings"] = []): A2aAgentState => ({
    status: "ok",
    card,
    cardUrl: "http://127.0.0.1:9100/.well-known/agent-card.json",
    protocolVersion: "0.3",
    findings,
    transports: ["JSONRPC", "HTTP+JSON"],
    transport: "JSONRPC",
  });

  it("lists findings errors first with their severity and path", () => {
    render(
      <A2aCardView
        state={state(V03_CARD, [
          { severity: "info", path: "/signatures/0", message: "Signature not verified" },
          { severity: "error", path: "/url", message: "url is not absolute" },
          { severity: "warning", path: "/skills/0/id", message: "skill ids should be unique" },
        ])}
      />,
    );
    const report = screen.getByTestId("a2a-findings");
    expect(report.getAttribute("data-count")).toBe("3");
    expect(report.textContent).toContain("1 errors, 1 warnings, 1 notes");
    const rows = within(report).getAllByTestId("a2a-finding");
    expect(rows.map((r) => r.getAttribute("data-severity"))).toEqual(["error", "warning", "info"]);
    expect(rows[0]!.textContent).toContain("/url");
  });

  it("shows skills with tags and examples, capabilities, schemes, the interface in use, signatures and the raw card", () => {
    render(<A2aCardView state={state(V03_CARD)} />);
    expect(screen.getByTestId("a2a-findings").textContent).toContain("passes every check");
    const skill = screen.getByTestId("a2a-skill");
    expect(skill.textContent).toContain("Book a hotel");
    expect(skill.textContent).toContain("travel");
    expect(skill.textContent).toContain("book a room in Paris");
    expect(screen.getByTestId("a2a-capabilities").textContent).toContain("streaming");
    expect(screen.getByTestId("a2a-schemes").textContent).toContain("http bearer");
    expect(screen.getByTestId("a2a-interfaces").textContent).toContain("in use");
    expect(screen.getByText(/Signatures \(1\)/)).toBeTruthy();
    expect(screen.getByTestId("a2a-card-raw").textContent).toContain('"preferredTransport": "JSONRPC"');
  });

  it("says so when there is no card, with the fetch error", () => {
    render(<A2aCardView state={{ status: "error", error: "connect ECONNREFUSED" }} />);
    expect(screen.getByTestId("a2a-card-missing").textContent).toContain("ECONNREFUSED");
  });
});
