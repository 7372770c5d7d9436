import type { Bundle, BundleEntry } from "@/lib/contracts/bundle";
import { BUNDLE_FORMAT, BUNDLE_FORMAT_VERSION } from "@/lib/contracts/bundle";
import type { AdkSessionSnapshot } from "@/lib/contracts/bundle-snapshots";
import { SECRET_MASK } from "@/lib/contracts/connections";

/**
 * A synthetic ADK session bundle of `events` model/tool events (tests and bench/bundles.ts): each
 * event carries a function call, its response and some text, like a busy agent's session.
 */
export function syntheticAdkBundle(events: number, opts: { sessionId?: string } = {}): Bundle {
  const sessionId = opts.sessionId ?? "s-bundle";
  const t0 = 1_760_000_000_000;
  const adkEvents: Record<string, unknown>[] = [];
  const entries: BundleEntry[] = [];
  for (let i = 0; i < events; i++) {
    const event = {
      id: `ev-${i}`,
      invocationId: `inv-${Math.floor(i / 10)}`,
      author: i % 2 ? "weather_agent" : "user",
      timestamp: (t0 + i * 100) / 1000,
      content: {
        role: i % 2 ? "model" : "user",
        parts:
          i % 3 === 0
            ? [{ functionCall: { id: `call-${i}`, name: "get_weather", args: { city: `City ${i}`, units: "metric" } } }]
            : [{ text: `Event ${i}: the forecast for City ${i} is sunny with a light breeze from the west.` }],
      },
      actions: { stateDelta: i % 5 === 0 ? { [`step_${i}`]: i } : {}, artifactDelta: {} },
    };
    adkEvents.push(event);
    entries.push({
      seq: i + 1,
      connectionId: "adk-agent",
      sessionKey: `weather/user/${sessionId}`,
      receivedAt: t0 + i * 100,
      sourceTime: t0 + i * 100,
      direction: "in",
      protocol: "adk",
      kind: "event",
      raw: event,
    });
  }
  const snapshot: AdkSessionSnapshot = {
    session: { id: sessionId, appName: "weather", userId: "user", state: { city: "Paris" }, events: adkEvents, lastUpdateTime: t0 / 1000 },
    unstored: [],
    artifacts: [],
    trace: null,
    traceNote: "synthetic",
  };
  return {
    format: BUNDLE_FORMAT,
    formatVersion: BUNDLE_FORMAT_VERSION,
    loupeVersion: "0.1.0",
    exportedAt: new Date(t0).toISOString(),
    title: `weather ${sessionId}`,
    unit: { type: "adk-session", agentId: "adk-agent", appName: "weather", userId: "user", sessionId },
    origin: { kind: "loupe" },
    connection: { protocol: "adk", id: "adk-agent", name: "Weather agent", target: "http://127.0.0.1:8000" },
    entryKinds: events ? ["event"] : [],
    entries,
    snapshot,
    inbox: [],
    secrets: { masked: 0, mask: SECRET_MASK },
  };
}
