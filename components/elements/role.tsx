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

export function canFor(me: Me | null, capability: Capability): Can {
  if (!me?.team || roleAllows(me.actor.role, capability)) return { allowed: true, why: null };
  const needed = ROLE_FOR[capability];
  return { allowed: false, why: `Needs the ${needed} role (a ${needed} ${ROLE_CAN[needed]}); you are a ${me.actor.role}.` };
}

export function useCan(capability: Capability): Can {
  return canFor(useContext(RoleContext), capability);
}

/**
 * Around an answer form (every protocol's request card, the approvals): a role that cannot answer
 * sees the form disabled, and why.
 */
export function AnswerGuard({ children }: { children: ReactNode }) {
  const can = useCan("answer");
  if (can.allowed) return children;
  return (
    <fieldset disabled className="flex min-w-0 flex-col gap-2 opacity-70" data-testid="answer-guard">
      <p className="text-xs text-muted-foreground">{can.why}</p>
      {children}
    </fieldset>
  );
}
