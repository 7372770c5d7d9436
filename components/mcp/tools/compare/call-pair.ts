/**
 * The ?diff= value of the Tools tab: `<call A>~<call B>`, each side a call id on the open
 * connection or `<connection id>/<call id>` when it ran elsewhere (a re-run on another server).
 */
export interface CallRef {
  connectionId: string;
  callId: string;
}

function parseSide(side: string, connectionId: string): CallRef | null {
  if (!side) return null;
  const slash = side.indexOf("/");
  if (slash === -1) return { connectionId, callId: side };
  const ref = { connectionId: side.slice(0, slash), callId: side.slice(slash + 1) };
  return ref.connectionId && ref.callId ? ref : null;
}

export function parseCallPair(value: string, connectionId: string): [CallRef, CallRef] | null {
  const parts = value.split("~");
  if (parts.length !== 2) return null;
  const a = parseSide(parts[0]!, connectionId);
  const b = parseSide(parts[1]!, connectionId);
  return a && b ? [a, b] : null;
}

export function formatCallPair(a: CallRef, b: CallRef, connectionId: string): string {
  const side = (r: CallRef) => (r.connectionId === connectionId ? r.callId : `${r.connectionId}/${r.callId}`);
  return `${side(a)}~${side(b)}`;
}
