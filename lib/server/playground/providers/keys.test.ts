import { afterAll, afterEach, beforeEach, describe, expect, it } from "vitest";
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import type { ProviderStatus } from "@/lib/contracts/playground";
import { AppError } from "@/lib/errors";
import { tempDir } from "@/tests/support/servers";
import * as list from "@/app/api/playground/providers/route";
import * as one from "@/app/api/playground/providers/[provider]/route";
import { createModel } from "@/lib/server/playground/providers/model";
import { requireKey, resolveKey } from "@/lib/server/playground/providers/keys";

const data = tempDir("loupe-pg-keys-");
process.env.LOUPE_DATA_DIR = data.dir;
afterAll(() => data.cleanup());

const ENV = [
  "OPENAI_API_KEY",
  "ANTHROPIC_API_KEY",
  "GOOGLE_API_KEY",
  "GOOGLE_GENERATIVE_AI_API_KEY",
  "OPENAI_BASE_URL",
  "ANTHROPIC_BASE_URL",
];
const saved = Object.fromEntries(ENV.map((k) => [k, process.env[k]]));
beforeEach(() => ENV.forEach((k) => delete process.env[k]));
afterEach(async () => {
  for (const [k, v] of Object.entries(saved))
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  for (const p of ["openai", "anthropic", "google", "openai-compatible"]) await one.DELETE(new Request("http://x/"), ctx(p));
});

const ctx = (provider: string) => ({ params: Promise.resolve({ provider }) });
const put = (body: unknown) =>
  new Request("http://127.0.0.1/x", {
    method: "PUT",
    body: typeof body === "string" ? body : JSON.stringify(body),
    headers: { "content-type": "application/json" },
  });
async function statuses(): Promise<{ text: string; list: ProviderStatus[] }> {
  const res = await list.GET();
  expect(res.status).toBe(200);
  const text = await res.text();
  return { text, list: JSON.parse(text) as ProviderStatus[] };
}
const statusOf = (all: ProviderStatus[], p: string) => all.find((s) => s.provider === p)!;

const SETTINGS_KEY = "sk-settings-AAAAAAAAAAAA-9f3k";
const ENV_KEY = "sk-env-BBBBBBBBBBBBBBBB-q7w2";

describe("provider keys: resolution order", () => {
  it("uses the settings first, then the environment, and says where the key comes from", async () => {
    expect(resolveKey("openai")).toEqual({ source: "none" });
    process.env.OPENAI_API_KEY = ENV_KEY;
    expect(resolveKey("openai")).toEqual({ apiKey: ENV_KEY, source: "env", envVar: "OPENAI_API_KEY" });
    const res = await one.PUT(put({ apiKey: SETTINGS_KEY }), ctx("openai"));
    expect(res.status).toBe(200);
    expect(resolveKey("openai")).toEqual({ apiKey: SETTINGS_KEY, source: "settings" });
    await one.DELETE(new Request("http://x/"), ctx("openai"));
    expect(resolveKey("openai").source).toBe("env");
  });

  it("takes the endpoint from the settings, then the provider's env variable, then its default", async () => {
    const { resolveBaseUrl } = await import("@/lib/server/playground/providers/keys");
    expect(resolveBaseUrl("openai")).toBe("https://api.openai.com/v1");
    process.env.OPENAI_BASE_URL = "https://gateway.example/openai/v1";
    expect(resolveBaseUrl("openai")).toBe("https://gateway.example/openai/v1");
    await one.PUT(put({ baseUrl: "https://settings.example/v1" }), ctx("openai"));
    expect(resolveBaseUrl("openai")).toBe("https://settings.example/v1");
    expect(resolveBaseUrl("openai", "http://127.0.0.1:8520/v1")).toBe("http://127.0.0.1:8520/v1");
    expect(resolveBaseUrl("openai-compatible")).toBe("http://127.0.0.1:11434/v1");
  });

  it("reads GOOGLE_API_KEY, then GOOGLE_GENERATIVE_AI_API_KEY", () => {
    process.env.GOOGLE_GENERATIVE_AI_API_KEY = "g-generative-key-123456";
    expect(resolveKey("google")).toMatchObject({ source: "env", envVar: "GOOGLE_GENERATIVE_AI_API_KEY" });
    process.env.GOOGLE_API_KEY = "g-api-key-1234567890";
    expect(resolveKey("google")).toMatchObject({ source: "env", envVar: "GOOGLE_API_KEY", apiKey: "g-api-key-1234567890" });
  });

  it("a missing key is a 400 naming the env variable and the settings; OpenAI-compatible and scripted need none", () => {
    let error: unknown;
    try {
      requireKey("anthropic");
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).status).toBe(400);
    expect((error as AppError).code).toBe("bad_request:playground_no_key");
    expect((error as AppError).message).toMatch(/ANTHROPIC_API_KEY/);
    expect((error as AppError).message).toMatch(/settings/);
    expect(() => createModel({ provider: "google", model: "gemini-2.5-flash", strict: false, maxSteps: 20 })).toThrow(
      /GOOGLE_API_KEY or GOOGLE_GENERATIVE_AI_API_KEY/,
    );
    expect(resolveKey("openai-compatible")).toEqual({ source: "not_needed" });
    expect(resolveKey("scripted")).toEqual({ source: "not_needed" });
  });
});

describe("provider routes", () => {
  it("GET lists every provider with its key source, hint, endpoint and suggested models — never the key", async () => {
    process.env.ANTHROPIC_API_KEY = ENV_KEY;
    await one.PUT(put({ apiKey: SETTINGS_KEY }), ctx("openai"));
    await one.PUT(put({ baseUrl: "http://127.0.0.1:1234/v1" }), ctx("openai-compatible"));
    const { text, list: all } = await statuses();
    expect(all.map((s) => s.provider)).toEqual(["scripted", "openai", "anthropic", "google", "openai-compatible"]);
    expect(statusOf(all, "openai")).toMatchObject({ keySource: "settings", keyHint: "9f3k", baseUrl: "https://api.openai.com/v1" });
    expect(statusOf(all, "anthropic")).toMatchObject({ keySource: "env", envVar: "ANTHROPIC_API_KEY", keyHint: "q7w2" });
    expect(statusOf(all, "google")).toMatchObject({ keySource: "none" });
    expect(statusOf(all, "google").keyHint).toBeUndefined();
    expect(statusOf(all, "openai-compatible")).toMatchObject({ keySource: "not_needed", baseUrl: "http://127.0.0.1:1234/v1" });
    expect(statusOf(all, "scripted").keySource).toBe("not_needed");
    expect(statusOf(all, "openai").suggestedModels.length).toBeGreaterThan(0);
    expect(text).not.toContain(SETTINGS_KEY);
    expect(text).not.toContain(ENV_KEY);
  });

  it("PUT answers the status without the key; the stored file is 0600 and the only place the key is", async () => {
    const res = await one.PUT(put({ apiKey: SETTINGS_KEY }), ctx("anthropic"));
    const text = await res.text();
    expect(res.status).toBe(200);
    expect(text).not.toContain(SETTINGS_KEY);
    expect(JSON.parse(text)).toMatchObject({ provider: "anthropic", keySource: "settings", keyHint: "9f3k" });
    const files = readdirSync(data.dir).filter((f) => readFileSync(path.join(data.dir, f), "utf8").includes(SETTINGS_KEY));
    expect(files).toEqual(["playground-providers.json"]);
    expect(statSync(path.join(data.dir, "playground-providers.json")).mode & 0o777).toBe(0o600);
    // A PUT with only the endpoint keeps the stored key.
    await one.PUT(put({ baseUrl: "https://proxy.example/v1" }), ctx("anthropic"));
    expect(resolveKey("anthropic").apiKey).toBe(SETTINGS_KEY);
    expect(statusOf((await statuses()).list, "anthropic").baseUrl).toBe("https://proxy.example/v1");
  });

  it("a short key gets no hint (four characters would give most of it away)", async () => {
    await one.PUT(put({ apiKey: "abc12345" }), ctx("openai-compatible"));
    const s = statusOf((await statuses()).list, "openai-compatible");
    expect(s.keySource).toBe("settings");
    expect(s.keyHint).toBeUndefined();
  });

  it("DELETE forgets the stored key (204) and the env variable applies again", async () => {
    process.env.OPENAI_API_KEY = ENV_KEY;
    await one.PUT(put({ apiKey: SETTINGS_KEY }), ctx("openai"));
    const res = await one.DELETE(new Request("http://x/"), ctx("openai"));
    expect(res.status).toBe(204);
    expect(statusOf((await statuses()).list, "openai")).toMatchObject({ keySource: "env", envVar: "OPENAI_API_KEY" });
    expect(readFileSync(path.join(data.dir, "playground-providers.json"), "utf8")).not.toContain(SETTINGS_KEY);
  });

  it("bad bodies are 400 with the route's code and lose nothing; an unknown provider is 404", async () => {
    await one.PUT(put({ apiKey: SETTINGS_KEY }), ctx("openai"));
    const cases: [unknown, string][] = [
      ["{not json", "bad_request:json"],
      [{ apiKey: "" }, "bad_request:body"],
      [{ baseUrl: "not a url" }, "bad_request:body"],
      [{ apiKey: 42 }, "bad_request:body"],
      [{ apikey: "typo-key-123456789" }, "bad_request:body"],
      [{}, "bad_request:body"],
    ];
    for (const [body, code] of cases) {
      const res = await one.PUT(put(body), ctx("openai"));
      const json = (await res.json()) as { error: { code: string; message: string } };
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(json.error.code).toBe(code);
    }
    expect(resolveKey("openai").apiKey).toBe(SETTINGS_KEY);
    const scripted = await one.PUT(put({ apiKey: "whatever-123456" }), ctx("scripted"));
    expect(scripted.status).toBe(400);
    const unknown = await one.PUT(put({ apiKey: "whatever-123456" }), ctx("mistral"));
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as { error: { code: string } }).error.code).toBe("not_found:playground_provider");
    expect((await one.DELETE(new Request("http://x/"), ctx("mistral"))).status).toBe(404);
  });
});

describe("a damaged keys file", () => {
  it("is ignored (never quoted) and replaced by the next save", async () => {
    const { writeFileSync } = await import("node:fs");
    const file = path.join(data.dir, "playground-providers.json");
    writeFileSync(file, `{"openai": {"apiKey": "${SETTINGS_KEY}"`, { mode: 0o600 });
    const errors: string[] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => void errors.push(args.join(" "));
    try {
      const { list: all, text } = await statuses();
      expect(statusOf(all, "openai").keySource).toBe("none");
      expect(text).not.toContain(SETTINGS_KEY);
      const res = await one.PUT(put({ apiKey: ENV_KEY }), ctx("openai"));
      expect(res.status).toBe(200);
      expect(resolveKey("openai")).toEqual({ apiKey: ENV_KEY, source: "settings" });
    } finally {
      console.error = original;
    }
    expect(errors.some((e) => e.includes("is damaged"))).toBe(true);
    expect(errors.join("\n")).not.toContain(SETTINGS_KEY);
  });
});
