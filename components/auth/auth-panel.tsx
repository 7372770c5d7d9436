"use client";

import type { ConnectionView } from "@/lib/contracts/connections";

export function AuthPanel({ connection }: { connection: ConnectionView }) {
  return <p className="p-4 text-xs text-muted-foreground">Authorization of {connection.name}</p>;
}
