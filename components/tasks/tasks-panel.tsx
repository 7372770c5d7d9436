"use client";

import type { ConnectionView } from "@/lib/contracts/connections";

export function TasksPanel({ connection }: { connection: ConnectionView }) {
  return <p className="p-4 text-xs text-muted-foreground">Tasks of {connection.name}</p>;
}
