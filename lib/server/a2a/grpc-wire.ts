import "server-only";
import * as grpc from "@grpc/grpc-js";
import {
  CancelTaskRequest,
  GetTaskRequest,
  SendMessageRequest,
  SendMessageResponse,
  StreamResponse,
  SubscribeToTaskRequest,
  Task,
} from "@a2a-js/sdk";
import type { A2aWire } from "@/lib/server/a2a/wire";

/** The v1.0 spec's JSON codec of one proto message (the same JSON the HTTP+JSON binding carries). */
interface Codec {
  toJSON(message: never): unknown;
}

/** Per gRPC method (its last path segment): the request's and the response's codec. */
const CODECS: Record<string, { req: Codec; res: Codec }> = {
  SendMessage: { req: SendMessageRequest, res: SendMessageResponse },
  SendStreamingMessage: { req: SendMessageRequest, res: StreamResponse },
  GetTask: { req: GetTaskRequest, res: Task },
  CancelTask: { req: CancelTaskRequest, res: Task },
  SubscribeToTask: { req: SubscribeToTaskRequest, res: StreamResponse },
};

function toJson(codec: Codec | undefined, message: unknown): unknown {
  if (!codec) return message;
  try {
    return codec.toJSON(message as never);
  } catch {
    // A message the codec cannot write is still recorded (as the object the SDK had).
    return message;
  }
}

/**
 * The recorder of the gRPC wire: a grpc-js client interceptor (the SDK's gRPC transport takes
 * call options) that records the request and each response message, written as the spec's JSON,
 * through the same A2aWire as the HTTP bindings — so a gRPC exchange has the same `a2a_request`
 * / `a2a_frame` entries (transport "GRPC") and feeds the same task state. A non-OK status is
 * recorded as an error frame (`{ error: { code: "NOT_FOUND", message } }`). `headers` (the agent's saved ones) go
 * as metadata; `signal` cancels the call (the agent was removed, Loupe stops).
 */
export function grpcRecorder(wire: A2aWire, target: string, headers: Record<string, string>, signal?: AbortSignal): grpc.Interceptor {
  return (options, nextCall) => {
    const path = options.method_definition.path;
    const name = path.slice(path.lastIndexOf("/") + 1);
    const codec = CODECS[name];
    let sent: Record<string, string> = {};
    const call: grpc.InterceptingCall = new grpc.InterceptingCall(nextCall(options), {
      start(metadata, listener, next) {
        for (const [k, v] of Object.entries(headers)) metadata.set(k.toLowerCase(), v);
        sent = Object.fromEntries(Object.entries(metadata.getMap()).map(([k, v]) => [k, String(v)]));
        next(metadata, {
          // A server stream's headers: the stream is open (they come before its messages, not in a trailers-only error).
          onReceiveMetadata(received, nextMetadata) {
            if (options.method_definition.responseStream) wire.streamOpened();
            nextMetadata(received);
          },
          onReceiveMessage(message, nextMessage) {
            wire.frame(JSON.stringify(toJson(codec?.res, message)));
            nextMessage(message);
          },
          onReceiveStatus(status, nextStatus) {
            if (status.code !== grpc.status.OK && !signal?.aborted) {
              // The status name as the code, as REST's google.rpc.Status spells it ("NOT_FOUND"…).
              wire.frame(
                JSON.stringify({
                  error: { code: grpc.status[status.code] ?? status.code, message: status.details, data: { grpcStatus: status.code } },
                }),
              );
            }
            nextStatus(status);
          },
        });
      },
      sendMessage(message, next) {
        wire.request(name, `grpc://${target}${path}`, sent, toJson(codec?.req, message));
        next(message);
      },
    });
    if (signal) {
      if (signal.aborted) call.cancelWithStatus(grpc.status.CANCELLED, String(signal.reason));
      else signal.addEventListener("abort", () => call.cancelWithStatus(grpc.status.CANCELLED, String(signal.reason)), { once: true });
    }
    return call;
  };
}
