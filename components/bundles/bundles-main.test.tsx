// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type { ImportedBundleSummary } from "@/lib/contracts/bundle";
import { EMPTY_LOCATION } from "@/lib/workbench/location";
import { BundlesMain } from "@/components/bundles/bundles-main";
import { RawBundleView } from "@/components/bundles/raw-bundle-view";
import { BundleViewBoundary } from "@/components/bundles/view-boundary";
import { syntheticAdkBundle } from "@/tests/support/bundles";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const kept: ImportedBundleSummary = {
  id: "b1",
  title: "weather s-kept",
  unitType: "adk-session",
  origin: "loupe",
  fileName: "kept.loupe.json",
  loupeVersion: "0.1.0",
  exportedAt: "2026-11-24T10:00:00.000Z",
  importedAt: 1,
  entryCount: 12,
  bytes: 100,
};

const refusal = {
  error: {
    code: "bad_request:bundle",
    message: "Nothing was imported: entries[3].raw.text: Invalid input: expected string, received number (and 1 more problem)",
    details: {
      issues: [
        { path: "entries[3].raw.text", message: "Invalid input: expected string, received number" },
        { path: "snapshot.session.events", message: "Invalid input: expected array, received string" },
        { path: "snapshot.session.events", message: "Invalid input: expected nonoptional, received undefined" },
      ],
    },
  },
};

function renderMain() {
  const calls: { method: string; url: string; body?: string }[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init?: RequestInit) => {
      calls.push({ method: init?.method ?? "GET", url, body: typeof init?.body === "string" ? init.body : undefined });
      if (url.startsWith("/api/bundles/import")) return Response.json(refusal, { status: 400 });
      return Response.json([kept]);
    }),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <BundlesMain location={{ ...EMPTY_LOCATION, view: "bundles" }} navigate={() => undefined} />
    </QueryClientProvider>,
  );
  return calls;
}

describe("bundles pane", () => {
  it("a refused import counts its problems (not the server's first one again) and lists each path once; the list stays as it was", async () => {
    const calls = renderMain();
    expect(await screen.findAllByTestId("bundles-list-row")).toHaveLength(1);
    fireEvent.change(screen.getByTestId("bundle-paste"), { target: { value: '{"format":"loupe-bundle"}' } });
    fireEvent.click(screen.getByTestId("bundle-paste-import"));
    const failure = await screen.findByTestId("bundle-import-error");
    expect(within(failure).getByTestId("bundle-import-error-message").textContent).toBe("2 problems in the file, each with where it is:");
    const issues = within(failure).getAllByTestId("bundle-import-issue");
    expect(issues.map((li) => li.textContent)).toEqual([
      "entries[3].raw.textInvalid input: expected string, received number",
      "snapshot.session.eventsInvalid input: expected array, received string; Invalid input: expected nonoptional, received undefined",
    ]);
    expect(screen.getAllByTestId("bundles-list-row").map((r) => r.textContent)).toEqual([expect.stringContaining("weather s-kept")]);
    expect(calls.find((c) => c.method === "POST")).toEqual({
      method: "POST",
      url: "/api/bundles/import",
      body: '{"format":"loupe-bundle"}',
    });
    // The pasted text stays, to be fixed and tried again.
    expect(screen.getByTestId<HTMLTextAreaElement>("bundle-paste").value).toBe('{"format":"loupe-bundle"}');
  });

  it("lists what it accepts", async () => {
    renderMain();
    const formats = await screen.findByTestId("bundle-formats");
    for (const label of ["Loupe bundle", "adk-web session export", "MCP Inspector protocol log"])
      expect(formats.textContent).toContain(label);
  });
});

describe("raw fallback", () => {
  it("lists every entry with kind, direction and raw JSON, a page at a time", async () => {
    const bundle = syntheticAdkBundle(250);
    render(<RawBundleView bundle={bundle} summary={{ ...kept, entryCount: 250 }} />);
    expect(screen.getAllByTestId("raw-bundle-entry")).toHaveLength(200);
    expect(screen.getAllByTestId("raw-bundle-entry")[0]!.textContent).toContain('"id": "ev-0"');
    fireEvent.click(screen.getByTestId("raw-bundle-more"));
    await waitFor(() => expect(screen.getAllByTestId("raw-bundle-entry")).toHaveLength(250));
  });

  it("a unit view that throws on a bundle falls back to the raw list, saying why", () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    const bundle = syntheticAdkBundle(2);
    const Broken = () => {
      throw new Error("no events array");
    };
    render(
      <BundleViewBoundary fallback={<RawBundleView bundle={bundle} summary={kept} />}>
        <Broken />
      </BundleViewBoundary>,
    );
    expect(screen.getByTestId("bundle-view-failed").textContent).toContain("no events array");
    expect(screen.getAllByTestId("raw-bundle-entry")).toHaveLength(2);
  });
});
