import { ROLE_FOR, roleAllows, type Actor, type Capability } from "@/lib/contracts/people";

/**
 * Team mode's one place of authorization (issue 25): every request is classified by method and path
 * into the capability it uses, by this table, in order, first match wins. No route handler checks a
 * role itself. The patterns are shapes every protocol's routes share (a request's own URL
 * `…/requests/<id>`, `…/answers`), never a protocol's name: a new protocol's answer route is
 * classified by the same rows.
 */
interface RouteRule {
  methods: "read" | "write";
  path: RegExp;
  capability: Capability;
}

export const ROUTE_ROLES: readonly RouteRule[] = [
  // Service tokens are secrets' bookkeeping: an admin's, listing included.
  { methods: "read", path: /^\/api\/people\/tokens(?:\/|$)/, capability: "admin" },
  // Reading is viewing: the page, every list, the stream, the audit log, exports (secrets masked).
  { methods: "read", path: /^/, capability: "view" },
  // Answering a human request: any protocol's request (and the draft of its answer), a stored answer
  // (and its retry), the approvals desk.
  { methods: "write", path: /^\/api\/(?:[^/]+\/)*requests\/[^/]+(?:\/draft)?\/?$/, capability: "answer" },
  { methods: "write", path: /^\/api\/(?:[^/]+\/)*answers(?:\/[^/]+\/retry)?\/?$/, capability: "answer" },
  { methods: "write", path: /^\/api\/approvals\/[^/]+\/?$/, capability: "answer" },
  // Signing out is everyone's.
  { methods: "write", path: /^\/auth\/logout$/, capability: "view" },
  // Everything else that changes state: adding servers and agents, running tools, taps, settings.
  { methods: "write", path: /^/, capability: "admin" },
];

const READ_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export function capabilityOf(method: string, pathname: string): Capability {
  const kind = READ_METHODS.has(method.toUpperCase()) ? "read" : "write";
  for (const rule of ROUTE_ROLES) if (rule.methods === kind && rule.path.test(pathname)) return rule.capability;
  return "admin";
}

const DOING: Record<Capability, string> = {
  view: "see Loupe",
  answer: "answer human requests and approvals",
  admin: "add servers and agents, run tools or change taps and settings",
};

export type RoleDecision = { ok: true } | { ok: false; status: 403; code: "forbidden:role"; message: string };

/** Whether the actor's role may use what this request does: 403 `forbidden:role` in words otherwise. */
export function authorize(actor: Actor, method: string, pathname: string): RoleDecision {
  const capability = capabilityOf(method, pathname);
  if (roleAllows(actor.role, capability)) return { ok: true };
  const needed = ROLE_FOR[capability];
  return {
    ok: false,
    status: 403,
    code: "forbidden:role",
    message: `Only ${article(needed)} ${needed} or above can ${DOING[capability]}: ${actor.name} is ${article(actor.role)} ${actor.role}`,
  };
}

function article(word: string): string {
  return /^[aeiou]/.test(word) ? "an" : "a";
}
