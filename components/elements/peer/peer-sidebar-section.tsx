"use client";

import { useState, type ReactNode } from "react";
import type { AppError } from "@/lib/errors";
import { QueryError } from "@/components/elements/query-error";
import { SidebarAddButton, SidebarSection, SidebarSectionTitle } from "@/components/elements/sidebar-section";
import { PeerList, type PeerRowView } from "./peer-list";

/** What the section reads of its peers' query (a react-query result fits). */
export interface PeersRead {
  isError: boolean;
  isPending: boolean;
  error: AppError | null;
  data?: readonly PeerRowView[];
  refetch: () => unknown;
}

export interface PeerSidebarSectionProps {
  testId: string;
  icon: ReactNode;
  title: string;
  /** The "+" button; `onClick` runs before the add dialog opens (to reset the last save's error). */
  add: { label: string; testId: string; onClick: () => void };
  peers: PeersRead;
  /**
   * The section's words: load failure, loading, empty, the question before a removal, and what "not
   * checked" means if Loupe has no way to check a peer but use it.
   */
  texts: { loadError: string; loading: string; empty: string; confirmRemove: (name: string) => string; unchecked?: string };
  openId: string | null;
  onOpen: (id: string) => void;
  remove: { run: (id: string) => void; pending: boolean; error: AppError | null };
  rowTestId: string;
  removeTestId?: string;
  /** The add dialog, while it is open; `close` unmounts it. */
  addDialog: (close: () => void) => ReactNode;
  /** Under the open peer's row (what it holds: assistants, threads…), if anything. */
  openChildren?: ReactNode;
}

/** The sidebar section of one protocol's saved peers: heading and "+", the peers with their status, remove, and the add dialog. */
export function PeerSidebarSection({ peers, texts, add, remove, addDialog, ...props }: PeerSidebarSectionProps) {
  const [adding, setAdding] = useState(false);
  return (
    <SidebarSection
      testId={props.testId}
      title={<SidebarSectionTitle icon={props.icon}>{props.title}</SidebarSectionTitle>}
      action={
        <SidebarAddButton
          label={add.label}
          testId={add.testId}
          onClick={() => {
            add.onClick();
            setAdding(true);
          }}
        />
      }
      failure={peers.isError && peers.error ? { title: texts.loadError, error: peers.error, onRetry: () => void peers.refetch() } : null}
      loading={peers.isPending && texts.loading}
      empty={peers.data?.length === 0 && texts.empty}
      footer={
        <>
          {remove.error && <QueryError className="m-2" title="Could not remove the agent" error={remove.error} />}
          {adding && addDialog(() => setAdding(false))}
        </>
      }
    >
      <PeerList
        peers={peers.data ?? []}
        openId={props.openId}
        onOpen={props.onOpen}
        confirmRemove={texts.confirmRemove}
        onRemove={remove.run}
        removing={remove.pending}
        rowTestId={props.rowTestId}
        removeTestId={props.removeTestId}
        openChildren={props.openChildren}
        unchecked={texts.unchecked}
      />
    </SidebarSection>
  );
}
