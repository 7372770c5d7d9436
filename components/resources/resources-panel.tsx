"use client";

import type { ConnectionView } from "@/lib/contracts/connections";

export function ResourcesPanel({ connection }: { connection: ConnectionView }) {
  return <p className="p-4 text-xs text-muted-foreground">Resources of {connection.name}</p>;
}
