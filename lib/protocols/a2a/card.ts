import type { A2aCardFinding, A2aProtocolVersion, A2aTransport } from "@/lib/contracts/a2a";
import { cardVersion, typeOf, versionFindings } from "@/lib/protocols/a2a/card-version";
import { checkSecurity } from "@/lib/protocols/a2a/card-security";

export { cardForClient, cardVersion } from "@/lib/protocols/a2a/card-version";

/**
 * The agent card validation report (what a2a-inspector checks, and more), pure and browser-safe.
 * Reads both wire versions: v0.3 (`protocolVersion`, `url` + `preferredTransport` +
 * `additionalInterfaces`, `security`, schemes `{ type }`) and v1.0 (`supportedInterfaces`,
 * `securityRequirements`, schemes as a oneof `{ apiKeySecurityScheme: … }`).
 */

export interface CardInterfaceInfo {
  url: string;
  transport: string;
  protocolVersion?: string;
}

export interface CardReport {
  version?: A2aProtocolVersion;
  findings: A2aCardFinding[];
  /** Interfaces in the card's order of preference (v0.3: the main url first). */
  interfaces: CardInterfaceInfo[];
  /** The transports the card offers that Loupe can use here (all three: gRPC through the SDK's gRPC transport). */
  usable: A2aTransport[];
}

const USABLE: readonly A2aTransport[] = ["JSONRPC", "HTTP+JSON", "GRPC"];
const KNOWN = new Set(["JSONRPC", "HTTP+JSON", "GRPC"]);

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);
const nonEmpty = (v: unknown): v is string => typeof v === "string" && v.trim() !== "";

/**
 * The interface Loupe calls for a transport, as the SDK's ClientFactory picks it: the card's first
 * interface of that binding (the spec: the first entry is preferred), unless a later one of the
 * same binding says protocolVersion 1.0 (the SDK then takes that one).
 */
export function interfaceInUse(interfaces: CardInterfaceInfo[], transport: string | undefined): CardInterfaceInfo | undefined {
  if (!transport) return undefined;
  let picked: CardInterfaceInfo | undefined;
  for (const i of interfaces) {
    if (i.transport.toUpperCase() !== transport.toUpperCase()) continue;
    if (!picked || i.protocolVersion === "1.0") picked = i;
  }
  return picked;
}

function b64urlJson(text: string): unknown {
  const b64 = text.replace(/-/g, "+").replace(/_/g, "/");
  const padded = b64 + "=".repeat((4 - (b64.length % 4)) % 4);
  const bin = typeof atob === "function" ? atob(padded) : Buffer.from(padded, "base64").toString("binary");
  return JSON.parse(decodeURIComponent(escape(bin)));
}

function interfacesOf(card: Obj, add: (f: A2aCardFinding) => void): CardInterfaceInfo[] {
  const out: CardInterfaceInfo[] = [];
  // The layout, not the version: a v0.3 agent may write its card in v1.0's (card-version.ts).
  if (Array.isArray(card.supportedInterfaces)) {
    card.supportedInterfaces.forEach((raw: unknown, i) => {
      const at = `/supportedInterfaces/${i}`;
      if (!isObj(raw) || !nonEmpty(raw.url) || !nonEmpty(raw.protocolBinding)) {
        add({ severity: "error", path: at, message: "An interface needs url and protocolBinding" });
        return;
      }
      if (!nonEmpty(raw.protocolVersion))
        add({ severity: "warning", path: `${at}/protocolVersion`, message: "No protocolVersion on this interface" });
      out.push({
        url: raw.url,
        transport: raw.protocolBinding,
        ...(nonEmpty(raw.protocolVersion) ? { protocolVersion: raw.protocolVersion } : {}),
      });
    });
    if (out.length === 0) add({ severity: "error", path: "/supportedInterfaces", message: "The card offers no interface to talk to" });
    return out;
  }
  if (!nonEmpty(card.url)) add({ severity: "error", path: "/url", message: "The card has no url" });
  else {
    const preferred = nonEmpty(card.preferredTransport) ? card.preferredTransport : "JSONRPC";
    if (!nonEmpty(card.preferredTransport))
      add({ severity: "info", path: "/preferredTransport", message: "No preferredTransport: JSONRPC assumed (the v0.3 default)" });
    out.push({ url: card.url, transport: preferred, protocolVersion: String(card.protocolVersion ?? "0.3") });
  }
  if (card.additionalInterfaces !== undefined && !Array.isArray(card.additionalInterfaces)) {
    add({ severity: "error", path: "/additionalInterfaces", message: "additionalInterfaces must be an array" });
  }
  (Array.isArray(card.additionalInterfaces) ? card.additionalInterfaces : []).forEach((raw, i) => {
    if (!isObj(raw) || !nonEmpty(raw.url) || !nonEmpty(raw.transport)) {
      add({ severity: "error", path: `/additionalInterfaces/${i}`, message: "An interface needs url and transport" });
      return;
    }
    if (!out.some((o) => o.url === raw.url && o.transport === raw.transport)) out.push({ url: raw.url, transport: raw.transport });
  });
  return out;
}

function checkUrl(url: string, path: string, add: (f: A2aCardFinding) => void): void {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    add({ severity: "error", path, message: `Not a URL: ${url}` });
    return;
  }
  if (parsed.protocol !== "http:" && parsed.protocol !== "https:") add({ severity: "error", path, message: `Not an http(s) URL: ${url}` });
  else if (parsed.protocol === "http:" && !["127.0.0.1", "localhost", "[::1]"].includes(parsed.hostname)) {
    add({ severity: "warning", path, message: "Plain http to a non-loopback host: A2A requires TLS in production" });
  }
}

function checkSkills(card: Obj, version: A2aProtocolVersion | undefined, add: (f: A2aCardFinding) => void): void {
  if (card.skills === undefined) {
    add({ severity: "error", path: "/skills", message: "skills is missing (an empty array if the agent has none)" });
    return;
  }
  if (!Array.isArray(card.skills)) {
    add({ severity: "error", path: "/skills", message: `wrong type: expected array, got ${typeOf(card.skills)}` });
    return;
  }
  if (card.skills.length === 0) add({ severity: "warning", path: "/skills", message: "The card lists no skills" });
  const ids = new Set<string>();
  card.skills.forEach((raw, i) => {
    const at = `/skills/${i}`;
    if (!isObj(raw)) return add({ severity: "error", path: at, message: "A skill must be an object" });
    if (!nonEmpty(raw.id)) add({ severity: "error", path: `${at}/id`, message: "A skill needs an id" });
    else if (ids.has(raw.id)) add({ severity: "error", path: `${at}/id`, message: `Skill id "${raw.id}" is used twice` });
    else ids.add(raw.id);
    if (!nonEmpty(raw.name)) add({ severity: "error", path: `${at}/name`, message: "A skill needs a name" });
    if (!nonEmpty(raw.description))
      add({ severity: "warning", path: `${at}/description`, message: "A skill should say what it does (description)" });
    if (version === "0.3" && !Array.isArray(raw.tags))
      add({ severity: "warning", path: `${at}/tags`, message: "tags is required in v0.3" });
  });
}

function checkSignatures(card: Obj, add: (f: A2aCardFinding) => void): void {
  if (card.signatures === undefined || (Array.isArray(card.signatures) && card.signatures.length === 0)) {
    add({ severity: "info", path: "/signatures", message: "The card is not signed" });
    return;
  }
  if (!Array.isArray(card.signatures)) return add({ severity: "error", path: "/signatures", message: "signatures must be an array" });
  card.signatures.forEach((raw, i) => {
    const at = `/signatures/${i}`;
    if (!isObj(raw) || !nonEmpty(raw.protected) || !nonEmpty(raw.signature)) {
      return add({ severity: "error", path: at, message: "A signature needs protected and signature (JWS)" });
    }
    try {
      const header = b64urlJson(raw.protected);
      if (!isObj(header) || !nonEmpty(header.alg))
        return add({ severity: "error", path: `${at}/protected`, message: "The protected header names no alg" });
      const key = nonEmpty(header.kid) ? ` kid ${header.kid}` : "";
      add({ severity: "info", path: at, message: `Signature ${header.alg}${key} parsed; not verified (Loupe has no key for it)` });
    } catch {
      add({ severity: "error", path: `${at}/protected`, message: "The protected header is not base64url JSON" });
    }
  });
}

/** Checks a card as fetched; never throws. */
export function validateCard(card: unknown): CardReport {
  const findings: A2aCardFinding[] = [];
  const add = (f: A2aCardFinding) => findings.push(f);
  if (!isObj(card))
    return { findings: [{ severity: "error", path: "", message: "The card is not a JSON object" }], interfaces: [], usable: [] };
  const version = cardVersion(card);
  if (!version)
    add({ severity: "error", path: "", message: "Neither supportedInterfaces (v1.0) nor url (v0.3): no way to reach the agent" });
  for (const key of ["name", "description", "version"] as const) {
    const v = card[key];
    if (v === undefined) add({ severity: "error", path: `/${key}`, message: `${key} is required` });
    else if (typeof v !== "string") add({ severity: "error", path: `/${key}`, message: `wrong type: expected string, got ${typeOf(v)}` });
    else if (v.trim() === "") add({ severity: "error", path: `/${key}`, message: `${key} is empty` });
  }
  findings.push(...versionFindings(card));
  if (version === "0.3" && card.protocolVersion === undefined)
    add({ severity: "warning", path: "/protocolVersion", message: "No protocolVersion (v0.3 cards declare it)" });
  const interfaces = version ? interfacesOf(card, add) : [];
  const listed = Array.isArray(card.supportedInterfaces);
  interfaces.forEach((i, n) => {
    // A gRPC interface may name its target as grpc-js does (`host:port`), without a scheme.
    if (i.transport === "GRPC" && /^[\w.-]+:\d+$/.test(i.url)) return;
    if (!KNOWN.has(i.transport))
      return add({
        severity: "warning",
        path: listed
          ? `/supportedInterfaces/${n}/protocolBinding`
          : n === 0
            ? "/preferredTransport"
            : `/additionalInterfaces/${n - 1}/transport`,
        message: `Transport "${i.transport}" at ${i.url} is one Loupe cannot use (it speaks JSONRPC, HTTP+JSON and GRPC): this interface is skipped`,
      });
    checkUrl(i.url, listed ? `/supportedInterfaces/${n}/url` : n === 0 ? "/url" : `/additionalInterfaces/${n - 1}/url`, add);
  });
  if (card.capabilities === undefined)
    add({ severity: "error", path: "/capabilities", message: "capabilities is required (an empty object if none)" });
  else if (!isObj(card.capabilities))
    add({ severity: "error", path: "/capabilities", message: `wrong type: expected object, got ${typeOf(card.capabilities)}` });
  else {
    for (const key of ["streaming", "pushNotifications"] as const) {
      const v = card.capabilities[key];
      if (v !== undefined && typeof v !== "boolean")
        add({ severity: "error", path: `/capabilities/${key}`, message: `wrong type: expected boolean, got ${typeOf(v)}` });
    }
  }
  for (const key of ["defaultInputModes", "defaultOutputModes"] as const) {
    const v = card[key];
    if (v === undefined || (Array.isArray(v) && v.length === 0))
      add({ severity: "error", path: `/${key}`, message: `${key} is required (media types the agent takes / gives)` });
    else if (!Array.isArray(v))
      add({ severity: "error", path: `/${key}`, message: `wrong type: expected array of strings, got ${typeOf(v)}` });
    else
      v.forEach((m, i) => {
        if (typeof m !== "string")
          add({ severity: "error", path: `/${key}/${i}`, message: `wrong type: expected string, got ${typeOf(m)}` });
      });
  }
  checkSkills(card, version, add);
  checkSecurity(card, add);
  checkSignatures(card, add);
  // In the card's order: the first interface is the agent's preferred one.
  const usable = [...new Set(interfaces.map((i) => i.transport))].filter((t): t is A2aTransport => USABLE.some((u) => u === t));
  if (interfaces.length > 0 && usable.length === 0)
    add({ severity: "error", path: "", message: "None of the card's transports is one Loupe can use (JSONRPC, HTTP+JSON, GRPC)" });
  return { ...(version ? { version } : {}), findings, interfaces, usable };
}
