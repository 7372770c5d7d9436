"use client";

import type { ComponentType } from "react";
import type { InboxRow, InboxSource } from "@/lib/contracts/inbox";
import { AnswerableCard } from "@/components/adk/agents/answerable-card";
import { AnswerableRequestCard } from "@/components/mcp/requests/answerable-request-card";
import { ApprovalCard } from "@/components/approvals/approval-card";
import { A2aRequestCard } from "@/components/a2a/a2a-request-card";
import { AguiRequestCard } from "@/components/agui/agui-request-card";
import { useInboxNavigation } from "./inbox-navigation";
import { INBOX_SOURCE_TEXT, type InboxSourceText, type RowOf } from "./source-text";

/** The props every source's card takes; `compact` inside a view that already says where it is. */
export interface InboxCardProps<R extends InboxRow = InboxRow> {
  row: R;
  compact?: boolean;
}

/**
 * How the inbox shows one protocol's rows: label, kind label, prompt, where, React key, group key,
 * status (the pure half, ./source-text) and the card that answers it. Adding a protocol is one
 * entry in INBOX_SOURCES; a source of InboxRow without one is a compile error.
 */
export interface InboxSourceDescriptor<R extends InboxRow = InboxRow> extends InboxSourceText<R> {
  Card: ComponentType<InboxCardProps<R>>;
}

function AdkInboxCard({ row, compact }: InboxCardProps<RowOf<"adk">>) {
  const { openSession } = useInboxNavigation();
  return <AnswerableCard item={row} compact={compact} onOpenSession={openSession ? () => openSession(row) : undefined} />;
}

function McpInboxCard({ row, compact }: InboxCardProps<RowOf<"mcp">>) {
  const { openConnection } = useInboxNavigation();
  return (
    <AnswerableRequestCard request={row} compact={compact} onOpenConnection={openConnection ? () => openConnection(row) : undefined} />
  );
}

function ApprovalInboxCard({ row, compact }: InboxCardProps<RowOf<"approval">>) {
  return <ApprovalCard approval={row} compact={compact} />;
}

export const INBOX_SOURCES: { [S in InboxSource]: InboxSourceDescriptor<RowOf<S>> } = {
  adk: { ...INBOX_SOURCE_TEXT.adk, Card: AdkInboxCard },
  mcp: { ...INBOX_SOURCE_TEXT.mcp, Card: McpInboxCard },
  approval: { ...INBOX_SOURCE_TEXT.approval, Card: ApprovalInboxCard },
  a2a: { ...INBOX_SOURCE_TEXT.a2a, Card: A2aRequestCard },
  agui: { ...INBOX_SOURCE_TEXT.agui, Card: AguiRequestCard },
};

/** The descriptor of a row's source (the table is keyed by the row's own source). */
export function sourceOf<R extends InboxRow>(row: R): InboxSourceDescriptor<R> {
  return INBOX_SOURCES[row.source] as unknown as InboxSourceDescriptor<R>;
}

/** A row as its source's card shows it. */
export function InboxCard({ row, compact }: InboxCardProps) {
  const { Card } = sourceOf(row);
  return <Card row={row} compact={compact} />;
}
