"use client";

import { createContext, useContext, type ReactNode } from "react";
import { ROLE_CAN, ROLE_FOR, roleAllows, type Capability, type Me } from "@/lib/contracts/people";

/**
 * Who the page is, in team mode (issue 25): provided once by the shell (components/people's
 * RoleProvider, from GET /api/people/me); null in local mode or before it is known, when
 * everything is allowed. The server enforces the roles (the launcher's route table); this only
 * disables what it would refuse, and says why.
 */
export const RoleContext = createContext<Me | null>(null);

export interface Can {
  allowed: boolean;
  /** Why not, in words (the role needed and the person's), when not allowed. */
  why: string | null;
}

/** "an admin", "a viewer". */
const an = (word: string): string => `${/^[aeiou]/.test(word) ? "an" : "a"} ${word}`;

export function canFor(me: Me | null, capability: Capability): Can {
  if (!me?.team || roleAllows(me.actor.role, capability)) return { allowed: true, why: null };
  const needed = ROLE_FOR[capability];
  return { allowed: false, why: `Needs the ${needed} role (${an(needed)} ${ROLE_CAN[needed]}); you are ${an(me.actor.role)}.` };
}

export function useCan(capability: Capability): Can {
  return canFor(useContext(RoleContext), capability);
}

/** Whether Loupe runs in team mode: true or false once the page knows (GET /api/people/me), null before. */
export function useTeamMode(): boolean | null {
  return useContext(RoleContext)?.team ?? null;
}

/**
 * The props of a button whose action is an admin's (adding a server or agent, running a tool,
 * changing a tap; the route table's last row): for a role that cannot, disabled with the reason as
 * its title; otherwise its own `title`. Spread it on the button: `<Button {...admin} …>` (a button
 * also disabled for its own reason takes `disabled={admin.disabled || …}`).
 */
export function useAdminAction(title?: string): { disabled: boolean; title: string | undefined } {
  const can = useCan("admin");
  return can.allowed ? { disabled: false, title } : { disabled: true, title: can.why ?? title };
}

/**
 * Around an answer form (every protocol's request card, the approvals): a role that cannot answer
 * sees the form disabled, and why.
 */
export function AnswerGuard({ children }: { children: ReactNode }) {
  return (
    <RoleGuard capability="answer" testId="answer-guard">
      {children}
    </RoleGuard>
  );
}

/**
 * Around a group of admin-only controls (a tap's switch, key and policy): a role that cannot sees
 * them disabled, and why (in words above them and as the group's title).
 */
export function AdminGuard({ children }: { children: ReactNode }) {
  return (
    <RoleGuard capability="admin" testId="admin-guard">
      {children}
    </RoleGuard>
  );
}

function RoleGuard({ capability, testId, children }: { capability: Capability; testId: string; children: ReactNode }) {
  const can = useCan(capability);
  if (can.allowed) return children;
  return (
    <fieldset disabled title={can.why ?? undefined} className="flex min-w-0 flex-col gap-2 opacity-70" data-testid={testId}>
      <p className="text-xs text-muted-foreground">{can.why}</p>
      {children}
    </fieldset>
  );
}
