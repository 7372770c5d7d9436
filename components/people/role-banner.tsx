"use client";

import { useQuery } from "@tanstack/react-query";
import { EyeIcon } from "lucide-react";
import { ROLE_CAN } from "@/lib/contracts/people";
import { meQuery } from "@/lib/queries/people";

/**
 * Under the header in team mode, for anyone but an admin: what their role lets them do, so a control
 * that is disabled (or answered 403) is not a surprise. The server enforces it either way.
 */
export function RoleBanner() {
  const me = useQuery(meQuery()).data;
  if (!me?.team || me.actor.role === "admin") return null;
  const { role } = me.actor;
  return (
    <div className="flex items-center gap-2 border-b bg-muted/40 px-3 py-1 text-xs text-muted-foreground" data-testid="role-banner">
      <EyeIcon className="size-3.5" aria-hidden />
      <span>
        You are signed in as a <strong className="text-foreground">{role}</strong>: a {role} {ROLE_CAN[role]}.{" "}
        {role === "viewer"
          ? "Answering and changing anything needs the responder or admin role."
          : "Changing servers, taps and settings needs the admin role."}
      </span>
    </div>
  );
}
