import type { A2aCardFinding } from "@/lib/contracts/a2a";
import { typeOf } from "@/lib/protocols/a2a/card-version";

/**
 * The card's security checks (pure, browser-safe): every scheme a requirement names is declared,
 * and every declared scheme has what a client needs to use it. Both versions: v0.3 schemes are
 * `{ type: "apiKey", name, in }` (OpenAPI's), v1.0 ones a oneof `{ apiKeySecurityScheme: { name, location } }`.
 */

type Obj = Record<string, unknown>;
type Add = (f: A2aCardFinding) => void;
const isObj = (v: unknown): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);

/** v1.0's oneof member → the v0.3 `type`. */
const V1_SCHEMES: Record<string, string> = {
  apiKeySecurityScheme: "apiKey",
  httpAuthSecurityScheme: "http",
  oauth2SecurityScheme: "oauth2",
  openIdConnectSecurityScheme: "openIdConnect",
  mtlsSecurityScheme: "mutualTLS",
};

/** What each scheme type cannot go without: [field (v0.3), field (v1.0), allowed values]. */
const REQUIRED: Record<string, [string, string, (readonly string[])?][]> = {
  apiKey: [
    ["name", "name"],
    ["in", "location", ["query", "header", "cookie"]],
  ],
  http: [["scheme", "scheme"]],
  oauth2: [["flows", "flows"]],
  openIdConnect: [["openIdConnectUrl", "openIdConnectUrl"]],
  mutualTLS: [],
};

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

function checkScheme(name: string, scheme: unknown, add: Add): void {
  const at = `/securitySchemes/${name}`;
  if (!isObj(scheme) || Object.keys(scheme).length === 0) return add({ severity: "error", path: at, message: "An empty security scheme" });
  const member = Object.keys(scheme).find((k) => k in V1_SCHEMES);
  const inner = member !== undefined ? scheme[member] : undefined;
  const v1 = member !== undefined && isObj(inner);
  const type = v1 ? V1_SCHEMES[member] : scheme.type;
  const body: Obj = isObj(inner) ? inner : scheme;
  const base = v1 ? `${at}/${member}` : at;
  if (typeof type !== "string" || !(type in REQUIRED))
    return add({ severity: "warning", path: at, message: `Security scheme "${name}" is of a type Loupe does not know (${String(type)})` });
  for (const [field03, field1, allowed] of REQUIRED[type] ?? []) {
    const field = v1 ? field1 : field03;
    const v = body[field];
    const path = `${base}/${field}`;
    if (v === undefined) add({ severity: "error", path, message: `The ${type} scheme "${name}" has no ${field}: a client cannot use it` });
    else if (field === "flows" ? !isObj(v) : typeof v !== "string")
      add({ severity: "error", path, message: `wrong type: expected ${field === "flows" ? "object" : "string"}, got ${typeOf(v)}` });
    else if (typeof v === "string" && v.trim() === "") add({ severity: "error", path, message: `${field} is empty` });
    else if (allowed && typeof v === "string" && !allowed.includes(v.toLowerCase().replace(/^location_/, "")))
      add({ severity: "error", path, message: `${field} "${v}" is not one of ${allowed.join(", ")}` });
  }
}

export function checkSecurity(card: Obj, add: Add): void {
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
  if (card.securitySchemes !== undefined && !isObj(card.securitySchemes))
    add({ severity: "error", path: "/securitySchemes", message: `wrong type: expected object, got ${typeOf(card.securitySchemes)}` });
  if (isObj(card.securitySchemes)) for (const [name, scheme] of Object.entries(card.securitySchemes)) checkScheme(name, scheme, add);
}
