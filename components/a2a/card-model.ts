import { isRecord, type JsonRecord } from "@/lib/values";

/**
 * Reads what the Card view shows out of a raw agent card, whichever wire version wrote it:
 * v0.3 (`url` + `preferredTransport` + `additionalInterfaces`, `security`, security schemes as
 * `{ type: … }`) or v1.0 (`supportedInterfaces[].protocolBinding`, `securityRequirements`,
 * schemes as a oneof `{ apiKeySecurityScheme: … }`). Pure and lenient: a field of the wrong shape
 * is left out here and reported by the server's validation findings, never thrown.
 */

export interface CardSkill {
  id: string;
  name: string;
  description?: string;
  tags: string[];
  examples: string[];
  inputModes: string[];
  outputModes: string[];
}

export interface CardInterface {
  url: string;
  transport: string;
  protocolVersion?: string;
  preferred: boolean;
}

export interface CardScheme {
  name: string;
  type: string;
  description?: string;
  raw: unknown;
}

export interface CardModel {
  name?: string;
  description?: string;
  version?: string;
  protocolVersion?: string;
  provider?: string;
  documentationUrl?: string;
  iconUrl?: string;
  capabilities: Array<{ name: string; value: unknown }>;
  streaming: boolean;
  pushNotifications: boolean;
  skills: CardSkill[];
  interfaces: CardInterface[];
  schemes: CardScheme[];
  /** Each requirement: the scheme names it asks for (with scopes). */
  security: Array<Array<{ scheme: string; scopes: string[] }>>;
  signatures: Array<{ protected?: string; header?: unknown; signature?: string }>;
  inputModes: string[];
  outputModes: string[];
}

const rec = (v: unknown): JsonRecord | null => (isRecord(v) ? v : null);
const str = (v: unknown): string | undefined => (typeof v === "string" && v !== "" ? v : undefined);
const strs = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === "string") : []);
const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);

export function readCard(raw: unknown): CardModel {
  const c = rec(raw) ?? {};
  const caps = rec(c.capabilities) ?? {};
  const provider = rec(c.provider);
  return {
    name: str(c.name),
    description: str(c.description),
    version: str(c.version),
    protocolVersion: str(c.protocolVersion) ?? str(rec(arr(c.supportedInterfaces)[0])?.protocolVersion),
    provider: provider ? [str(provider.organization), str(provider.url)].filter(Boolean).join(" · ") || undefined : undefined,
    documentationUrl: str(c.documentationUrl),
    iconUrl: str(c.iconUrl),
    capabilities: Object.entries(caps).map(([name, value]) => ({ name, value })),
    streaming: caps.streaming === true,
    pushNotifications: caps.pushNotifications === true,
    skills: arr(c.skills).flatMap((s) => {
      const skill = rec(s);
      if (!skill) return [];
      return [
        {
          id: str(skill.id) ?? "",
          name: str(skill.name) ?? str(skill.id) ?? "(unnamed skill)",
          description: str(skill.description),
          tags: strs(skill.tags),
          examples: strs(skill.examples),
          inputModes: strs(skill.inputModes),
          outputModes: strs(skill.outputModes),
        },
      ];
    }),
    interfaces: readInterfaces(c),
    schemes: Object.entries(rec(c.securitySchemes) ?? {}).map(([name, s]) => readScheme(name, s)),
    security: arr(c.security ?? c.securityRequirements).map(readRequirement),
    signatures: arr(c.signatures).map((s) => {
      const sig = rec(s) ?? {};
      return { protected: str(sig.protected), header: sig.header, signature: str(sig.signature) };
    }),
    inputModes: strs(c.defaultInputModes),
    outputModes: strs(c.defaultOutputModes),
  };
}

function readInterfaces(c: Record<string, unknown>): CardInterface[] {
  const v1 = arr(c.supportedInterfaces).flatMap((i, index) => {
    const it = rec(i);
    const url = str(it?.url);
    return it && url
      ? [
          {
            url,
            transport: str(it.protocolBinding) ?? str(it.transport) ?? "?",
            protocolVersion: str(it.protocolVersion),
            preferred: index === 0,
          },
        ]
      : [];
  });
  if (v1.length) return v1;
  const out: CardInterface[] = [];
  const main = str(c.url);
  const preferred = str(c.preferredTransport) ?? "JSONRPC";
  if (main) out.push({ url: main, transport: preferred, preferred: true });
  for (const i of arr(c.additionalInterfaces)) {
    const it = rec(i);
    const url = str(it?.url);
    const transport = str(it?.transport) ?? "?";
    // v0.3 repeats the main interface in additionalInterfaces: list it once.
    if (it && url && !(url === main && transport === preferred)) out.push({ url, transport, preferred: false });
  }
  return out;
}

function readScheme(name: string, s: unknown): CardScheme {
  const scheme = rec(s) ?? {};
  const type = str(scheme.type);
  if (type) return { name, type: describeV03(scheme, type), description: str(scheme.description), raw: s };
  // v1.0: exactly one of apiKeySecurityScheme, httpAuthSecurityScheme, oauth2SecurityScheme, …
  const [key, inner] = Object.entries(scheme)[0] ?? ["unknown", undefined];
  return { name, type: key.replace(/SecurityScheme$/, ""), description: str(rec(inner)?.description), raw: s };
}

function describeV03(scheme: Record<string, unknown>, type: string): string {
  if (type === "apiKey") return `apiKey (${str(scheme.in) ?? "?"}: ${str(scheme.name) ?? "?"})`;
  if (type === "http") return `http ${str(scheme.scheme) ?? ""}`.trim();
  return type;
}

function readRequirement(r: unknown): Array<{ scheme: string; scopes: string[] }> {
  const req = rec(r) ?? {};
  // v1.0 wraps it: { schemes: { name: { list: [scopes] } } }
  const schemes = rec(req.schemes);
  if (schemes) return Object.entries(schemes).map(([scheme, v]) => ({ scheme, scopes: strs(rec(v)?.list) }));
  return Object.entries(req).map(([scheme, scopes]) => ({ scheme, scopes: strs(scopes) }));
}
