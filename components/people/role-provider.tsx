"use client";

import type { ReactNode } from "react";
import { useQuery } from "@tanstack/react-query";
import { RoleContext } from "@/components/elements/role";
import { meQuery } from "@/lib/queries/people";

/** Tells every part of the workbench who the page is (GET /api/people/me), for useCan and AnswerGuard. */
export function RoleProvider({ children }: { children: ReactNode }) {
  const me = useQuery(meQuery()).data ?? null;
  return <RoleContext.Provider value={me}>{children}</RoleContext.Provider>;
}
