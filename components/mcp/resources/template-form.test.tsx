// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { fetchRouter, renderWithClient } from "@/components/mcp/workbench/test-support";
import { TemplateForm } from "./template-form";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function setup(uriTemplate: string) {
  const router = fetchRouter({
    "POST /api/connections/c1/resources/read": (req) => {
      const uri = (req.body as { uri: string }).uri;
      return { uri, result: { contents: [{ uri, mimeType: "text/plain", text: "ok" }] }, readAt: 1, ms: 1, totalBytes: 2 };
    },
  });
  vi.stubGlobal("fetch", router.fetch);
  renderWithClient(
    <TemplateForm
      connectionId="c1"
      template={{ name: "t", uriTemplate }}
      completions={false}
      canSubscribe={false}
      subscriptions={[]}
      latestUpdates={new Map()}
    />,
  );
  return router;
}

const read = () => screen.getByTestId<HTMLButtonElement>("template-read");
const fill = (name: string, value: string) => fireEvent.change(screen.getByTestId(`arg-${name}`), { target: { value } });
const reads = (router: ReturnType<typeof setup>) => router.requests.filter((r) => r.path.endsWith("/resources/read"));

describe("TemplateForm", () => {
  it("keeps Read disabled while a path variable is empty (demo://trips//itinerary. is no resource), and reads once all are filled", async () => {
    const router = setup("demo://trips/{tripId}/itinerary.{format}");
    expect(screen.getByTestId("template-expanded").textContent).toBe("demo://trips//itinerary.");
    expect(read().disabled).toBe(true);
    expect(screen.getByTestId("template-missing").textContent).toContain("tripId, format");
    fireEvent.submit(read().closest("form")!);
    expect(reads(router)).toHaveLength(0);
    fill("tripId", "TR-8419");
    expect(read().disabled).toBe(true);
    expect(screen.getByTestId("template-missing").textContent).not.toContain("tripId");
    fill("format", "md");
    expect(read().disabled).toBe(false);
    expect(screen.queryByTestId("template-missing")).toBeNull();
    fireEvent.click(read());
    await waitFor(() => expect(reads(router)).toHaveLength(1));
    expect(reads(router)[0]!.body).toEqual({ uri: "demo://trips/TR-8419/itinerary.md" });
  });

  it("lets query variables stay empty: they are left out of the URI", () => {
    setup("demo://search/{term}{?limit,cursor}");
    fill("term", "rome");
    expect(read().disabled).toBe(false);
    expect(screen.getByTestId("template-optional").textContent).toContain("limit, cursor");
    expect(screen.getByTestId("template-expanded").textContent).toBe("demo://search/rome");
  });
});
