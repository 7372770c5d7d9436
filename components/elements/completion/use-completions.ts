"use client";

import { useMemo } from "react";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { CompleteBody } from "@/lib/contracts/resources";
import { connectionScope } from "@/lib/queries/connections";
import { resourceApi } from "@/lib/queries/resources";
import { useDebouncedValue } from "./use-debounced-value";

export const COMPLETION_DEBOUNCE_MS = 250;

export interface CompletionsRequest {
  connectionId: string;
  completionRef: CompleteBody["ref"];
  name: string;
  value: string;
  context: Record<string, string>;
  /** Asked only when the server offers completions and the user focused or typed. */
  enabled: boolean;
}

/** `completion/complete` suggestions for one argument, asked for (debounced) as the user types. */
export function useCompletions({ connectionId, completionRef, name, value, context, enabled }: CompletionsRequest) {
  const otherValues = useMemo(() => {
    const out: Record<string, string> = {};
    for (const [k, v] of Object.entries(context)) if (k !== name && v !== "") out[k] = v;
    return out;
  }, [context, name]);
  // Debounced as a string: a fresh object per render would restart the timer forever.
  const debounced = useDebouncedValue(JSON.stringify([value, otherValues]), COMPLETION_DEBOUNCE_MS);
  const request = useMemo(() => {
    const [v, ctx] = JSON.parse(debounced) as [string, Record<string, string>];
    return { value: v, context: ctx };
  }, [debounced]);
  const suggestions = useQuery({
    queryKey: [...connectionScope(connectionId), "complete", completionRef, name, request.value, request.context] as const,
    queryFn: ({ signal }) =>
      resourceApi.complete(
        connectionId,
        {
          ref: completionRef,
          argument: { name, value: request.value },
          ...(Object.keys(request.context).length ? { context: { arguments: request.context } } : {}),
        },
        signal,
      ),
    enabled,
    placeholderData: keepPreviousData,
    staleTime: 10_000,
    retry: false,
  });
  return suggestions;
}
