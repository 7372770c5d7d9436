"use client";

import { createContext, useContext } from "react";
import type { Navigate } from "@/lib/workbench/slots";

/**
 * The workbench's navigate, for "Open the case" after a save: the Save as case buttons sit deep
 * in each protocol's views, which are not handed the shell's navigate. Provided once by the shell.
 */
export const TestsNavigationContext = createContext<Navigate | null>(null);

export function useTestsNavigation(): Navigate | null {
  return useContext(TestsNavigationContext);
}
