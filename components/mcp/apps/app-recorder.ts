"use client";

import type { JSONRPCMessage, MessageExtraInfo, Transport, TransportSendOptions } from "@modelcontextprotocol/client";
import type { AppMessageDirection, AppMessagesBody } from "@/lib/contracts/app-messages";
import { appApi } from "@/lib/queries/apps";
import { errorMessage } from "@/lib/values";

/** One message as the panel lists it. */
export interface LoggedAppMessage {
  n: number;
  direction: AppMessageDirection;
  at: number;
  message: JSONRPCMessage;
}

const FLUSH_MS = 60;
const BATCH_MAX = 200;

/**
 * The HTML handed to the sandbox is the `ui://` resource itself, already on the timeline as the
 * resources/read answer: the recorded copy says how big it was instead of storing it again.
 */
function forRecord(message: JSONRPCMessage): JSONRPCMessage {
  const m = message as { method?: string; params?: { html?: unknown } };
  if (m.method === "ui/notifications/sandbox-resource-ready" && typeof m.params?.html === "string") {
    const bytes = new TextEncoder().encode(m.params.html).length;
    return { ...message, params: { ...m.params, html: `(${bytes} bytes: the ui:// resource's HTML)` } };
  }
  return message;
}

/**
 * Sends what one app instance exchanges to `POST …/app-messages` in small ordered batches, and
 * hands each message to `onLog` for the panel. A failed POST is reported, never retried blindly.
 */
export function createAppRecorder(
  connectionId: string,
  meta: Omit<AppMessagesBody, "messages">,
  onLog: (m: LoggedAppMessage) => void,
  onError: (message: string) => void,
) {
  let queue: AppMessagesBody["messages"] = [];
  let timer: ReturnType<typeof setTimeout> | null = null;
  let n = 0;
  let chain = Promise.resolve();
  const flush = () => {
    timer = null;
    while (queue.length) {
      const messages = queue.slice(0, BATCH_MAX);
      queue = queue.slice(BATCH_MAX);
      // Chained so batches reach the server (and the timeline) in the order they were seen.
      chain = chain.then(() =>
        appApi.record(connectionId, { ...meta, messages }).then(
          () => undefined,
          (e: unknown) => onError(`App messages were not recorded: ${errorMessage(e)}`),
        ),
      );
    }
  };
  return {
    record(direction: AppMessageDirection, message: JSONRPCMessage) {
      const at = Date.now();
      onLog({ n: n++, direction, at, message });
      queue.push({ direction, at, message: forRecord(message) });
      timer ??= setTimeout(flush, FLUSH_MS);
    },
    flush,
  };
}

/** Wraps the SDK's PostMessageTransport: every message in either direction is recorded first. */
export class RecordingTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: <T extends JSONRPCMessage>(message: T, extra?: MessageExtraInfo) => void;

  constructor(
    private readonly inner: Transport,
    private readonly record: (direction: AppMessageDirection, message: JSONRPCMessage) => void,
  ) {}

  start(): Promise<void> {
    this.inner.onmessage = (message, extra) => {
      this.record("app_to_host", message);
      this.onmessage?.(message, extra);
    };
    this.inner.onerror = (e) => this.onerror?.(e);
    this.inner.onclose = () => this.onclose?.();
    return this.inner.start();
  }

  send(message: JSONRPCMessage, options?: TransportSendOptions): Promise<void> {
    this.record("host_to_app", message);
    return this.inner.send(message, options);
  }

  close(): Promise<void> {
    return this.inner.close();
  }
}
