import { describe, expect, it } from "vitest";
import type { Actor } from "@/lib/contracts/people";
import { authorize, capabilityOf } from "@/lib/launcher/team/route-roles";

const person = (role: Actor["role"]): Actor => ({ kind: "person", name: `Ann ${role}`, role });

describe("the route table (team mode's one place of authorization)", () => {
  it("classifies reads as viewing, answers as answering, the rest as admin", () => {
    expect(capabilityOf("GET", "/api/inbox")).toBe("view");
    expect(capabilityOf("GET", "/api/audit")).toBe("view");
    expect(capabilityOf("HEAD", "/")).toBe("view");
    // Every protocol's answer route has one of the shared shapes.
    for (const path of [
      "/api/connections/c1/requests/r1",
      "/api/connections/c1/requests/r1/draft",
      "/api/agents/a1/answers",
      "/api/agents/a1/answers/x/retry",
      "/api/a2a/requests/r1",
      "/api/agui/requests/r1",
      "/api/langgraph/requests/r1",
      "/api/approvals/ap1",
    ])
      expect([path, capabilityOf("POST", path)]).toEqual([path, "answer"]);
    const writes: [string, string][] = [
      ["POST", "/api/connections"],
      ["POST", "/api/connections/c1/tools/call"],
      ["PATCH", "/api/taps/t1"],
      ["DELETE", "/api/agents/a1"],
      ["POST", "/api/a2a/agents/a/messages"],
      ["POST", "/api/people/tokens"],
    ];
    for (const [method, path] of writes) expect([path, capabilityOf(method, path)]).toEqual([path, "admin"]);
    // The list of requests is read; service tokens are admin's even to list.
    expect(capabilityOf("GET", "/api/people/tokens")).toBe("admin");
    expect(capabilityOf("POST", "/auth/logout")).toBe("view");
  });

  it("refuses a viewer's answer with 403 forbidden:role naming the role needed and theirs", () => {
    const refused = authorize(person("viewer"), "POST", "/api/approvals/ap1");
    expect(refused).toEqual({
      ok: false,
      status: 403,
      code: "forbidden:role",
      message: "Only a responder or above can answer human requests and approvals: Ann viewer is a viewer",
    });
    expect(authorize(person("viewer"), "GET", "/api/inbox")).toEqual({ ok: true });
  });

  it("lets a responder answer but not add a server; an admin does both", () => {
    expect(authorize(person("responder"), "POST", "/api/agents/a1/answers")).toEqual({ ok: true });
    const refused = authorize(person("responder"), "POST", "/api/connections");
    expect(refused.ok).toBe(false);
    if (!refused.ok) expect(refused.message).toMatch(/^Only an admin or above can add servers and agents.*is a responder$/);
    expect(authorize(person("admin"), "POST", "/api/connections")).toEqual({ ok: true });
    expect(authorize(person("admin"), "POST", "/api/approvals/ap1")).toEqual({ ok: true });
  });
});
