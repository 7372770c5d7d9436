import { describe, expect, it } from "vitest";
import { demoFailed, demoFailures } from "@/lib/server/demo-offers";
import * as demosRoute from "@/app/api/demos/route";

describe("a demo that did not start (issue 23)", () => {
  it("is kept for the page, one per demo, and GET /api/demos lists it with its protocol", async () => {
    demoFailed("a2a", { id: "demo-a2a-adk", label: "The demo ADK agent over A2A" }, new Error("port 8123 is in use"));
    demoFailed("a2a", { id: "demo-a2a-adk", label: "The demo ADK agent over A2A" }, new Error("it exited with code 1"));
    expect(demoFailures()).toEqual([
      { protocol: "a2a", id: "demo-a2a-adk", message: "The demo ADK agent over A2A did not start: it exited with code 1" },
    ]);
    const body = (await (await demosRoute.GET()).json()) as { failures: unknown[] };
    expect(body.failures).toEqual(demoFailures());
  });
});
