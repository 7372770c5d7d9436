"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import type {
  ColumnConfig,
  ColumnInput,
  Conversation,
  ConversationInput,
  ConversationPatch,
  PlaygroundProvider,
  ProviderKeyInput,
} from "@/lib/contracts/playground";
import { playgroundApi, playgroundKeys, upsertConversation } from "@/lib/queries/playground";

/**
 * The playground's mutations. The server also records each change as a pg_conversation /
 * pg_column entry on the stream; the answers are written into the cache at once so the view
 * does not wait for the stream (and a stream that is down does not leave it stale).
 */
export function usePlaygroundActions() {
  const qc = useQueryClient();
  const put = (c: unknown) => {
    if (c && typeof c === "object" && "id" in c && "columns" in c) {
      qc.setQueryData<Conversation[]>(playgroundKeys.conversations(), (l) => upsertConversation(l, c as Conversation));
    }
  };
  const refresh = () => qc.invalidateQueries({ queryKey: playgroundKeys.conversations() });

  const create = useMutation({ mutationFn: (input: ConversationInput) => playgroundApi.create(input), onSuccess: put });
  const patch = useMutation({
    mutationFn: ({ id, patch }: { id: string; patch: ConversationPatch }) => playgroundApi.patch(id, patch),
    onSuccess: put,
  });
  const remove = useMutation({
    mutationFn: (id: string) => playgroundApi.remove(id),
    onSuccess: (_v, id) => {
      qc.setQueryData<Conversation[]>(playgroundKeys.conversations(), (l) => l?.filter((c) => c.id !== id));
      qc.removeQueries({ queryKey: playgroundKeys.entries(id) });
    },
  });
  const send = useMutation({
    mutationFn: ({ id, text, columnIds }: { id: string; text: string; columnIds?: string[] }) =>
      playgroundApi.send(id, { text, columnIds }),
  });
  const stop = useMutation({ mutationFn: (id: string) => playgroundApi.stop(id) });
  const addColumn = useMutation({
    mutationFn: ({ id, input }: { id: string; input: ColumnInput }) => playgroundApi.addColumn(id, input),
    onSettled: refresh,
  });
  const updateColumn = useMutation({
    mutationFn: ({ id, columnId, config }: { id: string; columnId: string; config: ColumnConfig }) =>
      playgroundApi.updateColumn(id, columnId, config),
    onSettled: refresh,
  });
  const removeColumn = useMutation({
    mutationFn: ({ id, columnId }: { id: string; columnId: string }) => playgroundApi.removeColumn(id, columnId),
    onSettled: refresh,
  });
  return { create, patch, remove, send, stop, addColumn, updateColumn, removeColumn };
}

export type PlaygroundActions = ReturnType<typeof usePlaygroundActions>;

/** Enter or forget a provider's key; the provider list is re-read either way. */
export function useProviderKeys() {
  const qc = useQueryClient();
  const refresh = () => qc.invalidateQueries({ queryKey: playgroundKeys.providers() });
  const save = useMutation({
    mutationFn: ({ provider, input }: { provider: PlaygroundProvider; input: ProviderKeyInput }) => playgroundApi.setKey(provider, input),
    onSettled: refresh,
  });
  const forget = useMutation({ mutationFn: (provider: PlaygroundProvider) => playgroundApi.forgetKey(provider), onSettled: refresh });
  return { save, forget };
}
