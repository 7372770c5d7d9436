import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseVerdict, playgroundJudge } from "@/lib/server/testing/judge";
import { startFakeProvider } from "@/tests/fixtures/fake-providers";
import type { FakeProvider } from "@/tests/fixtures/fake-providers";
import { tempDir } from "@/tests/support/servers";

// The LLM judge through the playground's providers: a provider's real wire (the fake OpenAI
// server stands in for the remote model), skipped without a key, the scripted one offline.
const data = tempDir("loupe-judge-");
process.env.LOUPE_DATA_DIR = data.dir;
let openai: FakeProvider;
const saved = { key: process.env.OPENAI_API_KEY, url: process.env.OPENAI_BASE_URL, anthropic: process.env.ANTHROPIC_API_KEY };

beforeAll(async () => {
  openai = await startFakeProvider("openai", { apiKey: "judge-key" });
  process.env.OPENAI_API_KEY = "judge-key";
  process.env.OPENAI_BASE_URL = openai.baseUrl;
  delete process.env.ANTHROPIC_API_KEY;
});

afterAll(async () => {
  await openai.close();
  for (const [name, value] of [
    ["OPENAI_API_KEY", saved.key],
    ["OPENAI_BASE_URL", saved.url],
    ["ANTHROPIC_API_KEY", saved.anthropic],
  ] as const) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  data.cleanup();
});

describe("the LLM judge", () => {
  it("asks the provider with the criteria and the text, and reads its score", async () => {
    openai.enqueue({ text: 'Here: {"score": 0.85, "reason": "mentions Paris"}' });
    const verdict = await playgroundJudge({ provider: "openai", model: "gpt-judge", criteria: "mentions the city", text: "Booked Paris" });
    expect(verdict).toEqual({ score: 0.85, reason: "mentions Paris" });
    const body = JSON.stringify(openai.requests.at(-1)?.body);
    expect(body).toContain("mentions the city");
    expect(body).toContain("Booked Paris");
  });

  it("is skipped without a key, and the scripted judge looks for the quoted phrases", async () => {
    expect(await playgroundJudge({ provider: "anthropic", model: "claude", criteria: "x", text: "y" })).toEqual({ skipped: "no key" });
    expect(
      await playgroundJudge({ provider: "scripted", model: "judge", criteria: 'says "Paris" and "booked"', text: "Booked: Paris" }),
    ).toMatchObject({ score: 1 });
    expect(await playgroundJudge({ provider: "scripted", model: "judge", criteria: 'says "Rome"', text: "Booked: Paris" })).toEqual({
      score: 0,
      reason: 'the text lacks "Rome"',
    });
  });

  it("refuses an answer without a score, clamps one out of range", () => {
    expect(() => parseVerdict("I think it is fine")).toThrow("the judge's answer has no score");
    expect(parseVerdict('{"score": 7}')).toEqual({ score: 1, reason: "" });
  });
});
