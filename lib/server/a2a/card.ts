import "server-only";
import { AgentCard, verifyAgentCardSignature } from "@a2a-js/sdk";
import type { A2aAgentState, A2aCardFinding, A2aTransport } from "@/lib/contracts/a2a";
import { AppError } from "@/lib/errors";
import { interfaceInUse, validateCard } from "@/lib/protocols/a2a/card";
import type { Hub } from "@/lib/server/hub";
import { recordA2a } from "@/lib/server/a2a/frame-reader";
import { isRecord } from "@/lib/values";

const CARD_PATHS = ["/.well-known/agent-card.json", "/.well-known/agent.json"];
const CARD_TIMEOUT_MS = 10_000;
/** A card is a few KB; a multi-MB one is a mistake or an attack. */
const CARD_MAX_BYTES = 1024 * 1024;

/** The URLs to try: the URL itself when it names a card, else the well-known paths (new, then old). */
export function cardUrls(url: string): string[] {
  const u = new URL(url);
  if (u.pathname.endsWith(".json")) return [u.href];
  const base = u.href.replace(/\/+$/, "");
  return CARD_PATHS.map((p) => `${base}${p}`);
}

function unreachable(url: string, e: unknown): AppError {
  const cause = isRecord(e) && isRecord(e.cause) ? e.cause : undefined;
  const why = String(cause?.code ?? cause?.message ?? (e instanceof Error ? e.message : String(e)));
  return new AppError("upstream:a2a_unreachable", `The agent at ${url} did not answer (${why})`);
}

/**
 * Fetches and checks the agent card; every attempt's outcome is recorded as `a2a_card`. Throws
 * AppError upstream:a2a_unreachable (nothing answered), not_found:a2a_card (404 on every path) or
 * upstream:a2a_card (not JSON, too large, another HTTP error). `wanted` is the user's transport;
 * the state's `transport` is the one Loupe will call.
 */
export async function fetchCard(
  hub: Hub,
  agentId: string,
  url: string,
  headers: Record<string, string>,
  wanted?: A2aTransport,
): Promise<A2aAgentState> {
  const tried: string[] = [];
  let last: AppError | undefined;
  for (const cardUrl of cardUrls(url)) {
    tried.push(cardUrl);
    let res: Response;
    try {
      // The SDK announces its native version when it resolves a card; so does Loupe, so an agent
      // serving both versions (the SDK's compat layer) answers with its v1.0 card.
      res = await fetch(cardUrl, {
        headers: { Accept: "application/json", "A2A-Version": "1.0", ...headers },
        signal: AbortSignal.timeout(CARD_TIMEOUT_MS),
      });
    } catch (e) {
      last = unreachable(cardUrl, e);
      recordA2a(hub, agentId, null, "a2a_card", "in", { url: cardUrl, status: 0, card: null, error: last.message, tried: [...tried] });
      throw last;
    }
    const text = await res.text();
    if (res.status === 404) {
      last = new AppError("not_found:a2a_card", `No agent card at ${tried.join(" or ")} (HTTP 404)`);
      recordA2a(hub, agentId, null, "a2a_card", "in", { url: cardUrl, status: 404, card: null, error: last.message, tried: [...tried] });
      continue;
    }
    const fail = (message: string) => {
      recordA2a(hub, agentId, null, "a2a_card", "in", {
        url: cardUrl,
        status: res.status,
        card: text.slice(0, 4096),
        error: message,
        tried: [...tried],
      });
      return new AppError("upstream:a2a_card", message);
    };
    if (!res.ok) throw fail(`The agent card at ${cardUrl} answered HTTP ${res.status}`);
    if (text.length > CARD_MAX_BYTES) throw fail(`The agent card at ${cardUrl} is over ${CARD_MAX_BYTES} bytes`);
    let card: unknown;
    try {
      card = JSON.parse(text);
    } catch {
      throw fail(`The agent card at ${cardUrl} is not JSON`);
    }
    recordA2a(hub, agentId, null, "a2a_card", "in", { url: cardUrl, status: res.status, card, tried: [...tried] });
    const report = validateCard(card);
    // The user's pick when the card still offers it, else the card's preferred one.
    const transport = wanted && report.usable.includes(wanted) ? wanted : report.usable[0];
    const used = interfaceInUse(report.interfaces, transport);
    report.findings = [...(await verifySignatures(card, report.findings, report.version)), ...elsewhere(url, used?.url)];
    return {
      status: report.usable.length > 0 ? "ok" : "error",
      ...(report.usable.length > 0 ? {} : { error: "The card offers no transport Loupe can use" }),
      card,
      cardUrl,
      cardFetchedAt: Date.now(),
      ...(report.version ? { protocolVersion: report.version } : {}),
      findings: report.findings,
      transports: report.usable,
      ...(transport ? { transport } : {}),
    };
  }
  throw last ?? new AppError("not_found:a2a_card", `No agent card at ${url}`);
}

/**
 * A card may send Loupe to another origin than the one the user typed; Loupe follows it (an agent
 * may serve its card apart from its endpoint) but says so, since the saved headers go there too.
 * Only the interface Loupe calls counts: other interfaces on other origins are never sent anything.
 */
function elsewhere(typed: string, usedUrl: string | undefined): A2aCardFinding[] {
  if (!usedUrl) return [];
  const own = new URL(typed);
  let target: URL;
  try {
    // A gRPC target written as grpc-js takes it (`host:port`) has no origin ("null"): name it by host.
    target = new URL(/^[\w.-]+:\d+$/.test(usedUrl) ? `grpc://${usedUrl}` : usedUrl);
  } catch {
    return []; // Not a URL: validateCard already reports it.
  }
  const opaque = target.origin === "null";
  if (opaque ? target.host === own.host : target.origin === own.origin) return [];
  const where = opaque ? `${target.protocol}//${target.host}` : target.origin;
  return [
    {
      severity: "warning",
      path: "",
      message: `The card sends Loupe to ${where}, not ${own.origin} where you added the agent: its calls and your saved headers go there`,
    },
  ];
}

const JWKS_MAX_BYTES = 256 * 1024;

function jkusOf(card: unknown): string[] {
  const sigs = isRecord(card) ? card.signatures : undefined;
  if (!Array.isArray(sigs)) return [];
  return sigs.flatMap((s: unknown) => {
    try {
      const signed = isRecord(s) ? s.protected : undefined;
      const header: unknown = JSON.parse(Buffer.from(String(signed), "base64url").toString("utf8"));
      return isRecord(header) && typeof header.jku === "string" ? [header.jku] : [];
    } catch {
      return [];
    }
  });
}

/**
 * Verifies the card's JWS signatures with the SDK's verifier (JCS canonical card, jose) when a
 * signature names its key set (`jku`, fetched here); without one the pure report's "not verified"
 * stands. v0.3 cards are left unverified: the SDK canonicalizes the v1.0 shape only.
 */
async function verifySignatures(card: unknown, findings: A2aCardFinding[], version: string | undefined): Promise<A2aCardFinding[]> {
  const jkus = jkusOf(card);
  if (jkus.length === 0 || version !== "1.0") return findings;
  const parsedOnly = (f: A2aCardFinding) => f.path.startsWith("/signatures/") && f.message.includes("not verified");
  const rest = findings.filter((f) => !parsedOnly(f));
  const used: string[] = [];
  const retrieve = async (kid: string, jku?: string) => {
    if (!jku || !/^https?:/.test(jku)) throw new Error("no http(s) jku");
    const res = await fetch(jku, { signal: AbortSignal.timeout(CARD_TIMEOUT_MS) });
    const text = await res.text();
    if (!res.ok || text.length > JWKS_MAX_BYTES) throw new Error(`jku answered HTTP ${res.status}`);
    const key = ((JSON.parse(text) as { keys?: { kid?: string }[] }).keys ?? []).find((k) => k.kid === kid);
    if (!key) throw new Error(`no key ${kid} at ${jku}`);
    used.push(`${kid} from ${jku}`);
    return key;
  };
  try {
    await verifyAgentCardSignature(retrieve)(AgentCard.fromJSON(card));
    return [...rest, { severity: "info", path: "/signatures", message: `Signature verified with key ${used.at(-1) ?? "?"}` }];
  } catch {
    return [
      ...rest,
      { severity: "error", path: "/signatures", message: `No signature verifies against the keys at ${[...new Set(jkus)].join(", ")}` },
    ];
  }
}
