import type { ReactElement } from "react";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import type { ConnectionState, ConnectionView } from "@/lib/contracts/connections";

/** A fresh client per test, no retries, so a failing fetch shows its error at once. */
export function renderWithClient(ui: ReactElement) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return { client, ...render(<QueryClientProvider client={client}>{ui}</QueryClientProvider>) };
}

export interface RecordedRequest {
  method: string;
  path: string;
  body: unknown;
}

type Handler = (req: RecordedRequest) => unknown | Response | Promise<unknown | Response>;

/**
 * A tiny fetch router for component tests: "METHOD /path" (query string ignored) → handler.
 * Unknown routes answer 404 with an AppError body, like the real server.
 */
export function fetchRouter(routes: Record<string, Handler>) {
  const requests: RecordedRequest[] = [];
  const fetchImpl = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = new URL(String(input), "http://loupe.test");
    const method = (init?.method ?? "GET").toUpperCase();
    const body = typeof init?.body === "string" ? (JSON.parse(init.body) as unknown) : undefined;
    const req = { method, path: url.pathname + url.search, body };
    requests.push(req);
    const handler = routes[`${method} ${url.pathname}`];
    if (!handler)
      return Response.json({ error: { code: "not_found:route", message: `No route ${method} ${url.pathname}` } }, { status: 404 });
    const out = await handler(req);
    return out instanceof Response ? out : Response.json(out);
  };
  return { fetch: fetchImpl, requests };
}

export function connectionFixture(over: Partial<ConnectionView> = {}, state: Partial<ConnectionState> = {}): ConnectionView {
  return {
    id: "everything",
    name: "everything",
    transport: "stdio",
    command: "npx",
    args: ["-y", "@modelcontextprotocol/server-everything"],
    env: {},
    requestTimeoutMs: 60_000,
    createdAt: 1,
    ...over,
    state: { status: "connected", stderrTail: [], toolsVersion: 0, capabilities: { tools: { listChanged: true }, logging: {} }, ...state },
  } as ConnectionView;
}
