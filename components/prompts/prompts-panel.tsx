"use client";

import type { ConnectionView } from "@/lib/contracts/connections";

export function PromptsPanel({ connection }: { connection: ConnectionView }) {
  return <p className="p-4 text-xs text-muted-foreground">Prompts of {connection.name}</p>;
}
