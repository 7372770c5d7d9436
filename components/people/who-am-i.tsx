"use client";

import { useQuery } from "@tanstack/react-query";
import { LogOutIcon, UserRoundIcon } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { ROLE_CAN } from "@/lib/contracts/people";
import { meQuery } from "@/lib/queries/people";

/** The header's "who is signed in" in team mode (issue 25): name, role, sign out. Nothing in local mode. */
export function WhoAmI() {
  const me = useQuery(meQuery()).data;
  if (!me?.team) return null;
  const { actor } = me;
  return (
    <div className="flex items-center gap-1.5 text-xs" data-testid="who-am-i" data-role={actor.role}>
      <UserRoundIcon className="size-3.5 text-muted-foreground" aria-hidden />
      <span className="max-w-40 truncate font-medium" title={actor.email ?? actor.name}>
        {actor.name}
      </span>
      <Badge variant="secondary" title={`A ${actor.role} ${ROLE_CAN[actor.role]}`}>
        {actor.role}
      </Badge>
      {actor.kind === "person" && (
        // A form post: the session cookie is HttpOnly, so signing out is the server's to do.
        <form method="post" action="/auth/logout">
          <Button type="submit" variant="ghost" size="sm" className="h-7 px-2" data-testid="sign-out">
            <LogOutIcon className="size-3.5" aria-hidden />
            Sign out
          </Button>
        </form>
      )}
    </div>
  );
}
