import type { A2aCardFinding, A2aProtocolVersion } from "@/lib/contracts/a2a";

/**
 * Which A2A wire version a card speaks (pure, browser-safe). v1.0 cards list `supportedInterfaces`,
 * each with its own `protocolVersion` (the SDK client picks the wire per interface from it); v0.3
 * cards have a top-level `url` and a top-level `protocolVersion`, a field v1.0 removed.
 *
 * The rule when they contradict (issue 23): a card with a top-level `protocolVersion` of 0.x and
 * `supportedInterfaces` none of which says 0.x is a v0.3 agent that copied the v1.0 layout (taken
 * as v1.0, every send failed). The top-level version wins: only a v0.3 author writes that field,
 * while the interfaces' versions are easily left at a template's default. Loupe then speaks v0.3
 * to those interfaces and reports the contradiction as a warning. A card whose interfaces list a
 * 0.x version next to 1.0 ones is no contradiction: the agent serves both.
 */

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);

/** The versions Loupe speaks, as cards write them ("0.3", "0.3.0", "1.0", "1.0.0"). */
export function knownVersion(v: string): A2aProtocolVersion | undefined {
  if (/^0\.3(\.\d+)?$/.test(v)) return "0.3";
  if (/^1\.0(\.\d+)?$/.test(v)) return "1.0";
  return undefined;
}

function interfaceVersions(card: Obj): string[] {
  const listed: unknown[] = Array.isArray(card.supportedInterfaces) ? card.supportedInterfaces : [];
  return listed.map((i) => (isObj(i) && typeof i.protocolVersion === "string" ? i.protocolVersion : ""));
}

/** The card's top-level 0.x protocolVersion when its v1.0 interfaces contradict it. */
function contradiction(card: Obj): string | undefined {
  const top = card.protocolVersion;
  if (typeof top !== "string" || !top.startsWith("0.") || !Array.isArray(card.supportedInterfaces)) return undefined;
  const versions = interfaceVersions(card);
  return versions.length > 0 && !versions.some((v) => v.startsWith("0.")) ? top : undefined;
}

/** The wire version the card is written in (v1.0 has supportedInterfaces; v0.3 a top-level url). */
export function cardVersion(card: unknown): A2aProtocolVersion | undefined {
  if (!isObj(card)) return undefined;
  if (Array.isArray(card.supportedInterfaces)) {
    if (contradiction(card)) return "0.3";
    const versions = interfaceVersions(card);
    // A card listing only 0.x interfaces speaks v0.3 even in the v1.0 layout.
    if (versions.length > 0 && versions.every((v) => v.startsWith("0."))) return "0.3";
    return "1.0";
  }
  if (
    (typeof card.url === "string" && card.url.trim() !== "") ||
    (typeof card.protocolVersion === "string" && card.protocolVersion.startsWith("0."))
  )
    return "0.3";
  return undefined;
}

/** Findings about the versions the card states: unknown ones, and the contradiction above. */
export function versionFindings(card: Obj): A2aCardFinding[] {
  const out: A2aCardFinding[] = [];
  const top = card.protocolVersion;
  if (top !== undefined && typeof top !== "string")
    out.push({ severity: "error", path: "/protocolVersion", message: `wrong type: expected string, got ${typeOf(top)}` });
  else if (typeof top === "string" && !knownVersion(top))
    out.push({
      severity: "warning",
      path: "/protocolVersion",
      message: `Unknown protocolVersion "${top}": Loupe knows 0.3 and 1.0, and reads this card as ${cardVersion(card) ?? "neither"}`,
    });
  interfaceVersions(card).forEach((v, i) => {
    if (v !== "" && !knownVersion(v))
      out.push({
        severity: "warning",
        path: `/supportedInterfaces/${i}/protocolVersion`,
        message: `Unknown protocolVersion "${v}" on this interface: Loupe knows 0.3 and 1.0`,
      });
  });
  const said = contradiction(card);
  if (said)
    out.push({
      severity: "warning",
      path: "/protocolVersion",
      message:
        `The card contradicts itself: protocolVersion "${said}" (a v0.3 field) but its supportedInterfaces say ` +
        `${[...new Set(interfaceVersions(card).map((v) => v || "(none)"))].join(", ")}. Loupe speaks v0.3 to them: ` +
        "the top-level version wins, since only a v0.3 card carries it",
    });
  return out;
}

/**
 * The card as the SDK client must see it: under the rule above, the contradicted interfaces say
 * the card's own 0.x version, so the client speaks v0.3 to them. Otherwise the card as fetched.
 */
export function cardForClient(card: unknown): unknown {
  if (!isObj(card)) return card;
  const said = contradiction(card);
  if (!said || !Array.isArray(card.supportedInterfaces)) return card;
  return { ...card, supportedInterfaces: card.supportedInterfaces.map((i) => (isObj(i) ? { ...i, protocolVersion: said } : i)) };
}

/** A JSON value's type as a card reader says it: "array" and "null" apart from "object". */
export function typeOf(v: unknown): string {
  if (v === null) return "null";
  if (Array.isArray(v)) return "array";
  return typeof v;
}
