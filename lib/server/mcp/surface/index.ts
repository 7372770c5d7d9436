import "server-only";
import { randomUUID } from "node:crypto";
import { AppError } from "@/lib/errors";
import { LIVE } from "@/lib/contracts/surface";
import type { DiffSide, SnapshotSummary, StoredSnapshot, SurfaceDiffView } from "@/lib/contracts/surface";
import { getRegistry } from "@/lib/server/mcp/registry";
import { getStore } from "@/lib/server/store";
import { collectSurface, diffSurfaces } from "@/lib/surface";
import type { SurfaceSnapshot } from "@/lib/surface";
import { SnapshotStore } from "./snapshot-store";

/*
 * Surface snapshots of a connected MCP server (issue 24): taken through the connection's own
 * client (so the lists show in Traffic like any other), kept bounded per connection, and diffed
 * against each other or against the live server.
 */

function snapshots(): SnapshotStore {
  return new SnapshotStore(getStore());
}

function live(connectionId: string): Promise<SurfaceSnapshot> {
  return collectSurface(getRegistry().connection(connectionId).requireClient());
}

function summaryOf(connectionId: string, snapshot: SurfaceSnapshot, label: string | undefined): StoredSnapshot {
  return {
    id: randomUUID(),
    connectionId,
    takenAt: Date.parse(snapshot.takenAt),
    ...(label ? { label } : {}),
    server: snapshot.server,
    protocolVersion: snapshot.protocolVersion,
    counts: {
      tools: snapshot.tools.length,
      prompts: snapshot.prompts.length,
      resources: snapshot.resources.length,
      resourceTemplates: snapshot.resourceTemplates.length,
    },
    notes: snapshot.notes,
    snapshot,
  };
}

/** Reads the connected server's surface now and keeps it (409 conflict:not_connected when it is not connected). */
export async function takeSnapshot(connectionId: string, label?: string): Promise<StoredSnapshot> {
  const stored = summaryOf(connectionId, await live(connectionId), label);
  snapshots().save(stored);
  return stored;
}

export function listSnapshots(connectionId: string): SnapshotSummary[] {
  getRegistry().view(connectionId); // 404 for an unknown connection
  return snapshots().list(connectionId);
}

export function getSnapshot(connectionId: string, id: string): StoredSnapshot {
  getRegistry().view(connectionId);
  const stored = snapshots().get(connectionId, id);
  if (!stored) throw new AppError("not_found:snapshot", `No snapshot "${id}" of this connection (only the newest are kept)`);
  return stored;
}

export function deleteSnapshot(connectionId: string, id: string): void {
  getRegistry().view(connectionId);
  if (!snapshots().remove(connectionId, id)) throw new AppError("not_found:snapshot", `No snapshot "${id}" of this connection`);
}

async function side(connectionId: string, id: string): Promise<{ side: DiffSide; snapshot: SurfaceSnapshot }> {
  if (id !== LIVE) {
    const stored = getSnapshot(connectionId, id);
    return { side: { id, takenAt: stored.takenAt, ...(stored.label ? { label: stored.label } : {}) }, snapshot: stored.snapshot };
  }
  const snapshot = await live(connectionId);
  return { side: { id: LIVE, takenAt: Date.parse(snapshot.takenAt) }, snapshot };
}

/** The diff from one side to the other; either may be `live` (the server as it is now). */
export async function diffSnapshots(connectionId: string, from: string, to: string): Promise<SurfaceDiffView> {
  const a = await side(connectionId, from);
  const b = await side(connectionId, to);
  return { from: a.side, to: b.side, diff: diffSurfaces(a.snapshot, b.snapshot) };
}
