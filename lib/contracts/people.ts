import { z } from "zod";

/**
 * Team mode's people (issue 25): who is signed in, what their role lets them do, and the audit log
 * of who raised, answered, approved, edited or rejected what, and which answers failed. Shared by
 * the launcher's gate, the server's routes and the browser.
 */

/** Ordered: each role can do everything the one before it can. */
export const ROLES = ["viewer", "responder", "admin"] as const;
export const roleSchema = z.enum(ROLES);
export type Role = z.infer<typeof roleSchema>;

/** What a request does, as the gate's route table (lib/launcher/team/route-roles.ts) classifies it. */
export type Capability = "view" | "answer" | "admin";

/** The least role that may use each capability. */
export const ROLE_FOR: Record<Capability, Role> = { view: "viewer", answer: "responder", admin: "admin" };

export const ROLE_LABEL: Record<Role, string> = { viewer: "viewer", responder: "responder", admin: "admin" };

/** What each role may do, in words (the UI's "why" next to a hidden or disabled control). */
export const ROLE_CAN: Record<Role, string> = {
  viewer: "sees everything, answers nothing",
  responder: "answers human requests and approvals",
  admin: "adds servers and agents, runs tools, changes taps and settings",
};

export function roleAllows(role: Role, capability: Capability): boolean {
  return ROLES.indexOf(role) >= ROLES.indexOf(ROLE_FOR[capability]);
}

/**
 * Who made a request: a signed-in person, a service token (by its name), or the launch token
 * (`local`: the local mode's only user, and LOUPE_TOKEN on loopback in team mode).
 */
export const actorSchema = z.object({
  kind: z.enum(["person", "service", "local"]),
  name: z.string().max(200),
  role: roleSchema,
  /** The person's e-mail or subject, when the provider gave one. */
  email: z.string().max(320).optional(),
});
export type Actor = z.infer<typeof actorSchema>;

export const LOCAL_ACTOR: Actor = { kind: "local", name: "local token", role: "admin" };

/** GET /api/people/me: the mode Loupe runs in and who this request is. */
export interface Me {
  team: boolean;
  actor: Actor;
}

/**
 * The audit log's kinds of events. `failed`: an answer given that the peer refused or never got (the
 * request stays open for a Retry), the reason in `detail`.
 */
export const AUDIT_KINDS = ["raised", "answered", "failed", "approved", "edited", "rejected"] as const;
export type AuditKind = (typeof AUDIT_KINDS)[number];

export interface AuditEvent {
  id: number;
  at: number;
  kind: AuditKind;
  /** Who: the person's name, the service token's name, "local token", or the peer that raised it. */
  actor: string;
  actorKind: Actor["kind"] | "peer";
  role: Role | null;
  /** The inbox source: a protocol's id, or "approval" for the approvals desk. */
  source: string;
  requestId: string;
  /** The answer's outcome in a few words (a status, an error), when there is one. */
  detail: string | null;
}

/** A page of the view; an export file holds up to AUDIT_EXPORT_MAX (its last id is in `x-loupe-audit-next`). */
export const AUDIT_PAGE_MAX = 500;
export const AUDIT_EXPORT_MAX = 10_000;

/** GET /api/audit's query: filters, a page (events before `before`, newest first) and an export format. */
export const auditQuerySchema = z.object({
  person: z.string().max(200).optional(),
  kind: z.enum(AUDIT_KINDS).optional(),
  source: z.string().max(60).optional(),
  from: z.coerce.number().int().nonnegative().optional(),
  to: z.coerce.number().int().nonnegative().optional(),
  before: z.coerce.number().int().positive().optional(),
  limit: z.coerce.number().int().min(1).max(AUDIT_EXPORT_MAX).optional(),
  format: z.enum(["json", "jsonl", "csv"]).default("json"),
});
export type AuditQuery = z.infer<typeof auditQuerySchema>;

export interface AuditPage {
  events: AuditEvent[];
  /** Pass as `before` for the next (older) page; null at the end. */
  next: number | null;
}

/** A service token as listed: never its secret, which is shown once at creation. */
export interface ServiceTokenInfo {
  id: string;
  name: string;
  role: Role;
  createdAt: number;
  createdBy: string;
  lastUsedAt: number | null;
}

export const newServiceTokenSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, "A token needs a name")
    .max(80)
    .regex(/^[\w .@-]+$/, "A token's name is letters, digits, spaces and . _ @ -"),
  role: roleSchema,
});

/** POST /api/people/tokens: the one time the secret is shown. */
export interface CreatedServiceToken {
  token: ServiceTokenInfo;
  secret: string;
}

/**
 * The header the launcher's gate hands each request's actor to the routes in (never taken from the
 * client: the gate drops any the request brought). URI-encoded JSON, so a name in any script fits.
 */
export const ACTOR_HEADER = "x-loupe-actor";

export function encodeActor(actor: Actor): string {
  return encodeURIComponent(JSON.stringify(actor));
}

/** The actor a header value names; undefined when it is missing or not one. */
export function decodeActor(value: string | null | undefined): Actor | undefined {
  if (!value) return undefined;
  try {
    const parsed = actorSchema.safeParse(JSON.parse(decodeURIComponent(value)));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}
