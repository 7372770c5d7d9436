"use client";

import type { ConnectionView } from "@/lib/contracts/connections";

export function ClientPanel({ connection }: { connection: ConnectionView }) {
  return <p className="p-4 text-xs text-muted-foreground">Client capabilities and roots of {connection.name}</p>;
}
