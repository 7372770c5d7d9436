import { afterAll, afterEach, beforeAll, expect } from "vitest";
import type { Entry } from "@/lib/contracts/entries";
import type { PgTurn } from "@/lib/contracts/playground";
import { getHub } from "@/lib/server/hub";
import { getRegistry } from "@/lib/server/mcp/registry";
import { startFakeProvider, type FakeProvider } from "@/tests/fixtures/fake-providers";
import { EVERYTHING, stdioInput, tempDir } from "@/tests/support/servers";

/**
 * The setup every playground integration test repeats: a data dir for the store, the fake
 * provider with server-everything as the MCP peer, route calls, and reading a conversation's
 * entries while its turns run. Called at a test file's top level, so the env is set before the
 * store is first opened.
 */

/** A fresh data dir that Loupe's store will open (LOUPE_DATA_DIR points at it). */
export function playgroundDataDir(prefix: string): { dir: string; cleanup: () => void } {
  const data = tempDir(prefix);
  process.env.LOUPE_DATA_DIR = data.dir;
  return data;
}

/** The OpenAI key the playground finds in the environment (the fake provider checks it). */
export function openAiKey(key: string): string {
  process.env.OPENAI_API_KEY = key;
  return key;
}

/** The same key for every provider the playground reads from the environment (OpenAI, Anthropic, Google). */
export function providerKeys(key: string): string {
  process.env.ANTHROPIC_API_KEY = key;
  process.env.GOOGLE_API_KEY = key;
  return openAiKey(key);
}

/** The `{ params }` second argument of a Next route handler. */
export const ctx = <T extends Record<string, string>>(params: T) => ({ params: Promise.resolve(params) });

/** A JSON POST for a route handler (the URL is not read by the handlers under test). */
export const jsonPost = (body: unknown) =>
  new Request("http://127.0.0.1:3000/x", { method: "POST", body: JSON.stringify(body), headers: { "content-type": "application/json" } });

/** A JSON POST to a path under Loupe's origin. */
export const jsonPostTo = (url: string, body: unknown) =>
  new Request("http://127.0.0.1:3000" + url, {
    method: "POST",
    body: JSON.stringify(body),
    headers: { "content-type": "application/json" },
  });

/** Polls `read` every 20 ms until it returns something truthy; throws after `ms`. */
export async function waitFor<T>(what: string, read: () => T | undefined | null | false, ms = 15_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = read();
    if (value) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** The raw payloads of the entries of one kind, optionally of one column only. */
export const raws = <T>(entries: Entry[], kind: string, columnId?: string) =>
  entries.filter((e) => e.kind === kind && (!columnId || e.sessionKey === columnId)).map((e) => e.raw as T);

/** A conversation's entries as the hub holds them now. */
export const live = (id: string) => getHub().list(id, { limit: 5000 });

/** Waits for turn `turn` of the conversation (any column) to stop running, and returns it. */
export function turnEnded(id: string, turn: number, ms = 15_000): Promise<PgTurn> {
  return waitFor(`turn ${turn}`, () => raws<PgTurn>(live(id), "pg_turn").find((t) => t.turn === turn && t.status !== "running"), ms);
}

/** server-everything over stdio, registered as a connection; resolves to its connection id. */
export async function connectEverything(): Promise<string> {
  return (await getRegistry().create(stdioInput("everything", [EVERYTHING, "stdio"]))).id;
}

/** server-everything plus a fake OpenAI provider that wants `key`. */
export async function startPeers(key: string): Promise<{ everything: string; fake: FakeProvider }> {
  const everything = await connectEverything();
  const fake = await startFakeProvider("openai", { apiKey: key });
  return { everything, fake };
}

/** Closes every connection and removes the data dir. */
export async function closeConnections(data: { cleanup: () => void }): Promise<void> {
  await getRegistry().closeAll();
  data.cleanup();
}

/** Undoes startPeers and removes the data dir. */
export async function stopPeers(fake: FakeProvider, data: { cleanup: () => void }): Promise<void> {
  await fake.close();
  await closeConnections(data);
}

/** After each test: every scripted reply was used, and the next test sees only its own requests. */
export function expectProviderDrained(fake: FakeProvider): void {
  expect(fake.pending()).toBe(0);
  fake.requests.length = 0;
}

/**
 * Registers this file's hooks: the peers start before its tests (`got` receives them) and stop
 * after; with `drained`, every test must also use up the replies it scripted.
 */
export function usePeers(
  key: string,
  data: { cleanup: () => void },
  got: (peers: { everything: string; fake: FakeProvider }) => void,
  opts: { drained?: boolean } = {},
): void {
  let fake: FakeProvider;
  beforeAll(async () => {
    const peers = await startPeers(key);
    fake = peers.fake;
    got(peers);
  });
  afterAll(() => stopPeers(fake, data));
  if (opts.drained) afterEach(() => expectProviderDrained(fake));
}
