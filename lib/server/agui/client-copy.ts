import "server-only";

/**
 * The client's copy of the body, ending quietly where the real one breaks: @ag-ui/client cancels
 * its reader on teardown and rethrows any rejection other than AbortError, which for a stream cut
 * by the agent ("terminated") would surface as an unhandled rejection. Loupe's own copy sees the break.
 */
export function quietEnd(body: ReadableStream<Uint8Array>): ReadableStream<Uint8Array> {
  const reader = body.getReader();
  return new ReadableStream<Uint8Array>({
    async pull(ctrl) {
      try {
        const { value, done } = await reader.read();
        if (done) ctrl.close();
        else ctrl.enqueue(value);
      } catch {
        ctrl.close();
      }
    },
    cancel: (reason) => reader.cancel(reason).catch(() => undefined),
  });
}
