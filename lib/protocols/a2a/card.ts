import type { A2aCardFinding, A2aProtocolVersion, A2aTransport } from "@/lib/contracts/a2a";

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

function b64urlJson(text: string): unknown {
  const b64 = text.replace(/-/g, "+").replace(/_/g, "/");
  const padded = b64 + "=".repeat((4 - (b64.length % 4)) % 4);
  const bin = typeof atob === "function" ? atob(padded) : Buffer.from(padded, "base64").toString("binary");
  return JSON.parse(decodeURIComponent(escape(bin)));
}

/** The wire version the card is written in (v1.0 has supportedInterfaces; v0.3 a top-level url). */
export function cardVersion(card: unknown): A2aProtocolVersion | undefined {
  if (!isObj(card)) return undefined;
  if (Array.isArray(card.supportedInterfaces)) {
    const versions = card.supportedInterfaces.map((i) => (isObj(i) ? String(i.protocolVersion ?? "") : ""));
    // A card listing only 0.x interfaces speaks v0.3 even in the v1.0 layout.
    if (versions.length > 0 && versions.every((v) => v.startsWith("0."))) return "0.3";
    return "1.0";
  }
  if (nonEmpty(card.url) || (typeof card.protocolVersion === "string" && card.protocolVersion.startsWith("0."))) return "0.3";
  return undefined;
}

function interfacesOf(card: Obj, version: A2aProtocolVersion | undefined, add: (f: A2aCardFinding) => void): CardInterfaceInfo[] {
  const out: CardInterfaceInfo[] = [];
  if (version === "1.0") {
    const listed: unknown[] = Array.isArray(card.supportedInterfaces) ? card.supportedInterfaces : [];
    listed.forEach((raw, i) => {
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
  if (!Array.isArray(card.skills)) {
    add({ severity: "error", path: "/skills", message: "skills is missing (an empty array if the agent has none)" });
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

function schemeNames(card: Obj): Set<string> {
  return new Set(isObj(card.securitySchemes) ? Object.keys(card.securitySchemes) : []);
}

/** `security` (v0.3: [{ name: scopes[] }]) or `securityRequirements` (v1.0: [{ schemes: { name: { list } } }]). */
function requirementNames(raw: unknown): string[] {
  if (!Array.isArray(raw)) return [];
  return raw.flatMap((req) => {
    if (!isObj(req)) return [];
    return Object.keys(isObj(req.schemes) ? req.schemes : req);
  });
}

function checkSecurity(card: Obj, add: (f: A2aCardFinding) => void): void {
  const declared = schemeNames(card);
  const uses: [string, unknown][] = [
    ["/security", card.security],
    ["/securityRequirements", card.securityRequirements],
    ...(Array.isArray(card.skills)
      ? card.skills.flatMap((s, i): [string, unknown][] =>
          isObj(s)
            ? [
                [`/skills/${i}/security`, s.security],
                [`/skills/${i}/securityRequirements`, s.securityRequirements],
              ]
            : [],
        )
      : []),
  ];
  for (const [path, raw] of uses) {
    for (const name of requirementNames(raw)) {
      if (!declared.has(name))
        add({ severity: "error", path, message: `Security scheme "${name}" is required but not declared in securitySchemes` });
    }
  }
  if (isObj(card.securitySchemes)) {
    for (const [name, scheme] of Object.entries(card.securitySchemes)) {
      if (!isObj(scheme) || Object.keys(scheme).length === 0)
        add({ severity: "error", path: `/securitySchemes/${name}`, message: "An empty security scheme" });
    }
  }
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
    if (!nonEmpty(card[key])) add({ severity: "error", path: `/${key}`, message: `${key} is required` });
  }
  if (version === "0.3" && !nonEmpty(card.protocolVersion))
    add({ severity: "warning", path: "/protocolVersion", message: "No protocolVersion (v0.3 cards declare it)" });
  const interfaces = version ? interfacesOf(card, version, add) : [];
  interfaces.forEach((i, n) => {
    // A gRPC interface may name its target as grpc-js does (`host:port`), without a scheme.
    if (i.transport === "GRPC" && /^[\w.-]+:\d+$/.test(i.url)) return;
    checkUrl(i.url, version === "1.0" ? `/supportedInterfaces/${n}/url` : n === 0 ? "/url" : `/additionalInterfaces/${n - 1}/url`, add);
    if (!KNOWN.has(i.transport)) add({ severity: "warning", path: "", message: `Unknown transport "${i.transport}" (${i.url})` });
  });
  if (!isObj(card.capabilities))
    add({ severity: "error", path: "/capabilities", message: "capabilities is required (an empty object if none)" });
  else {
    for (const key of ["streaming", "pushNotifications"] as const) {
      const v = card.capabilities[key];
      if (v !== undefined && typeof v !== "boolean")
        add({ severity: "error", path: `/capabilities/${key}`, message: `${key} must be a boolean` });
    }
  }
  for (const key of ["defaultInputModes", "defaultOutputModes"] as const) {
    const v = card[key];
    if (!Array.isArray(v) || v.length === 0)
      add({ severity: "error", path: `/${key}`, message: `${key} is required (media types the agent takes / gives)` });
    else if (v.some((m) => typeof m !== "string")) add({ severity: "error", path: `/${key}`, message: `${key} must list strings` });
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
