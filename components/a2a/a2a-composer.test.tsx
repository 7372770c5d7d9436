// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type { A2aAgentView } from "@/lib/contracts/a2a";
import { EMPTY_LOCATION } from "@/lib/workbench/location";
import { A2aChat } from "./a2a-chat";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const card = (pushNotifications: boolean) => ({
  name: "agent",
  supportedInterfaces: [{ url: "http://127.0.0.1:1/rpc", protocolBinding: "JSONRPC", protocolVersion: "1.0" }],
  capabilities: { streaming: true, pushNotifications },
});
const agent = (push: boolean): A2aAgentView => ({
  id: "ag",
  name: "agent",
  url: "http://127.0.0.1:1/",
  headers: {},
  createdAt: 1,
  state: { status: "ok", card: card(push) },
});

function renderChat(push: boolean) {
  const posts: unknown[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const method = init.method ?? "GET";
      if (method === "POST") posts.push(JSON.parse(String(init.body)));
      const body = method === "POST" ? { exchangeId: "x1" } : [];
      return new Response(JSON.stringify(body), { status: method === "POST" && url.endsWith("/messages") ? 202 : 200 });
    }),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <A2aChat agent={agent(push)} location={{ ...EMPTY_LOCATION, view: "a2a", peerId: "ag" }} navigate={() => undefined} />
    </QueryClientProvider>,
  );
  return posts;
}

describe("A2A composer: don't wait, and push notifications in the same send (issue 23)", () => {
  it("a non-blocking send with Loupe's receiver posts blocking: false and an empty push (Loupe's own), not a stream", async () => {
    const posts = renderChat(true);
    fireEvent.click(screen.getByTestId("a2a-nonblocking-toggle"));
    expect(screen.getByTestId("a2a-stream-toggle").getAttribute("aria-checked")).toBe("false");
    fireEvent.click(screen.getByTestId("a2a-push-toggle"));
    expect(screen.getByTestId("a2a-push-url").getAttribute("placeholder")).toMatch(/Loupe's receiver: \/a2a-push\//);
    fireEvent.change(screen.getByTestId("a2a-message"), { target: { value: "long job" } });
    fireEvent.click(screen.getByTestId("a2a-send"));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]).toEqual({ parts: [{ kind: "text", text: "long job" }], stream: false, blocking: false, push: {} });
  });

  it("a URL of the user's own goes with its token; a URL that is not http(s) keeps Send off", async () => {
    const posts = renderChat(true);
    fireEvent.click(screen.getByTestId("a2a-push-toggle"));
    fireEvent.change(screen.getByTestId("a2a-push-url"), { target: { value: "ftp://nope" } });
    fireEvent.change(screen.getByTestId("a2a-message"), { target: { value: "hi" } });
    expect(screen.getByRole("alert").textContent).toMatch(/http\(s\) URL/);
    expect(screen.getByTestId("a2a-send").hasAttribute("disabled")).toBe(true);
    fireEvent.change(screen.getByTestId("a2a-push-url"), { target: { value: "https://hooks.example/a2a" } });
    fireEvent.change(screen.getByTestId("a2a-push-token"), { target: { value: "tok" } });
    fireEvent.click(screen.getByTestId("a2a-send"));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]).toEqual({
      parts: [{ kind: "text", text: "hi" }],
      stream: true,
      push: { url: "https://hooks.example/a2a", token: "tok" },
    });
  });

  it("a card without pushNotifications offers no push field", () => {
    renderChat(false);
    expect(screen.getByTestId("a2a-push-toggle").hasAttribute("disabled")).toBe(true);
    expect(screen.queryByTestId("a2a-push-url")).toBeNull();
  });
});
