import { PROTOCOL_VERSION_META_KEY } from "@modelcontextprotocol/server";
import type { Transport } from "@modelcontextprotocol/server";
import { StdioServerTransport } from "@modelcontextprotocol/server/stdio";
import { asObject } from "../json";
import type { DemoRuntime } from "../server";
import { answerTasksRequest, asRequest, taskNotification } from "./extension";
import { LegacyTaskSession } from "./legacy-tasks";

/**
 * The stdio transport with the Tasks extension in front of the SDK: a 2026-07-28 message (it
 * carries the `_meta` envelope) that the extension answers never reaches the SDK. Status changes
 * of the tasks this connection created are pushed as notifications/tasks (SEP-2663 lets a server
 * send them; over stdio the connection is the channel). A 2025-11-25 connection gets that era's
 * tasks the same way (legacy-tasks.ts).
 */
export function tasksStdioTransport(runtime: DemoRuntime, inner: Transport = new StdioServerTransport()): Transport {
  const mine = new Set<string>();
  const off = runtime.tasks.listen((view) => {
    if (mine.has(view.taskId)) void inner.send(taskNotification(view)).catch(() => undefined);
  });
  const legacy = new LegacyTaskSession(runtime.tasks, runtime.toolsByName, (message) => inner.send(message));
  let onmessage: Transport["onmessage"];
  inner.onmessage = (message, extra) => {
    if (legacy.takeResponse(message)) return;
    const request = asRequest(message);
    const modern = request?.params?._meta !== undefined && asObject(request.params._meta)?.[PROTOCOL_VERSION_META_KEY] !== undefined;
    if (request && !modern) {
      const pending = legacy.answer(request);
      if (pending) {
        void pending.then((answer) => inner.send(answer as Parameters<Transport["send"]>[0])).catch(() => undefined);
        return;
      }
    }
    const answer = request && modern ? answerTasksRequest(request, runtime.tasks, runtime.toolsByName) : undefined;
    if (!answer) return onmessage?.(message, extra);
    if ("result" in answer && answer.result.resultType === "task") mine.add(String(answer.result.taskId));
    void inner.send(answer as Parameters<Transport["send"]>[0]).catch(() => undefined);
  };
  const previousClose = inner.onclose;
  return {
    start: () => inner.start(),
    send: (message, options) => inner.send(message, options),
    close: async () => {
      off();
      legacy.close();
      await inner.close();
    },
    get onclose() {
      return inner.onclose;
    },
    set onclose(handler) {
      inner.onclose = () => {
        off();
        legacy.close();
        (handler ?? previousClose)?.();
      };
    },
    get onerror() {
      return inner.onerror;
    },
    set onerror(handler) {
      inner.onerror = handler;
    },
    get onmessage() {
      return onmessage;
    },
    set onmessage(handler) {
      onmessage = handler;
    },
  };
}
