"use client";

import { useEffect, useRef, useState } from "react";

/**
 * A server list (prompts, resources) that can change under the user: `version` is bumped by
 * list_changed and `connectedAt` by a new session; either means the cached list may be stale, so
 * `onChanged` runs (re-fetch). Returns how many changes the user has not dismissed, and dismiss.
 */
export function useListChanges(version: number, connectedAt: number | undefined, onChanged: () => void): [number, () => void] {
  const [seenVersion, setSeenVersion] = useState(version);
  const lastSeen = useRef({ version, connectedAt });
  const changed = useRef(onChanged);
  // The latest callback, set before the effect below runs (effects run in order).
  useEffect(() => {
    changed.current = onChanged;
  });
  useEffect(() => {
    const prev = lastSeen.current;
    lastSeen.current = { version, connectedAt };
    if (prev.version === version && prev.connectedAt === connectedAt) return;
    // A reconnect restarts the count: nothing to announce from the old session.
    if (version < prev.version) setSeenVersion(version);
    changed.current();
  }, [version, connectedAt]);
  return [version - seenVersion, () => setSeenVersion(version)];
}
