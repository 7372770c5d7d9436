/**
 * The demo A2A agent as an HTTP server (express 5 + the SDK's express handlers), in this process.
 * Tests and the bench call `startA2aDemo({ port })` and stop it themselves; `npm start` runs it inside
 * Loupe's process (demo/peers.ts), so it dies with Loupe; spawn-a2a-demo.ts runs it as a child for
 * tests that kill it.
 *
 *   GET  /.well-known/agent-card.json   the card (v1.0)
 *   POST /a2a/jsonrpc                   JSON-RPC binding (SendMessage, SendStreamingMessage, GetTask, CancelTask, …)
 *   *    /a2a/rest/…                    HTTP+JSON binding (POST /message:send, GET /tasks/{id}, …)
 *   gRPC on `grpcPort` (its own loopback port, h2c)   the SDK's gRPC binding (lf.a2a.v1.A2AService)
 *
 * Push notifications: the SDK's InMemoryPushNotificationStore + DefaultPushNotificationSender POST
 * every task update to a registered webhook, with the registered token in X-A2A-Notification-Token.
 */
import type { AddressInfo, Socket } from "node:net";
import type { Server } from "node:http";
import express from "express";
import type { NextFunction, Request, RequestHandler, Response } from "express";
import { AgentCard, TaskState } from "@a2a-js/sdk";
import { DefaultPushNotificationSender, DefaultRequestHandler, InMemoryPushNotificationStore, InMemoryTaskStore } from "@a2a-js/sdk/server";
import { UserBuilder, agentCardHandler, jsonRpcHandler, restHandler } from "@a2a-js/sdk/server/express";
import { A2AService, UserBuilder as GrpcUserBuilder, grpcService } from "@a2a-js/sdk/server/grpc";
import * as grpc from "@grpc/grpc-js";
import { JSONRPC_PATH, REST_PATH, demoCard } from "./card";
import { DEFAULT_TIMING, DemoExecutor } from "./skills";
import type { DemoTiming } from "./skills";

export interface A2aDemoOptions {
  /** 0 or absent = a free port. */
  port?: number;
  /** Loopback only: the agent runs code on request, like the demo ADK server. */
  host?: "127.0.0.1" | "localhost";
  timing?: Partial<DemoTiming>;
  /** The gRPC binding's port; 0 or absent = a free port. */
  grpcPort?: number;
  /** False: the card declares no streaming (a client polls with tasks/get). Default true. */
  streaming?: boolean;
}

export interface A2aDemo {
  /** Base URL; the card is at `${url}/.well-known/agent-card.json`. */
  url: string;
  cardUrl: string;
  port: number;
  /** The gRPC interface's target (`host:port`), as the card declares it. */
  grpcTarget: string;
  stop(): Promise<void>;
}

const LOOPBACK = ["127.0.0.1", "localhost", "[::1]"];

/**
 * The Host / Origin check Loupe and the demo ADK server make: a web page the user opens must not
 * reach this agent by DNS rebinding (foreign Host) or a cross-site request (foreign Origin).
 */
function loopbackGate(req: Request, res: Response, next: NextFunction): void {
  const port = req.socket.localPort;
  const allowed = new Set(LOOPBACK.map((h) => `${h}:${port}`));
  const host = (req.headers.host ?? "").toLowerCase();
  let why = allowed.has(host) ? null : `Host ${host || "(none)"} is not allowed`;
  const origin = req.headers.origin;
  if (!why && origin !== undefined) {
    let originHost = "";
    try {
      const u = new URL(origin);
      originHost = u.protocol === "http:" ? u.host.toLowerCase() : "";
    } catch {
      // "null" and garbage: refused
    }
    if (!allowed.has(originHost)) why = `Origin ${origin} is not allowed`;
  }
  if (why) res.status(403).json({ error: why });
  else next();
}

export async function startA2aDemo(options: A2aDemoOptions = {}): Promise<A2aDemo> {
  const host = options.host ?? "127.0.0.1";
  const timing = { ...DEFAULT_TIMING, ...options.timing };
  const app = express();
  app.disable("x-powered-by");
  app.use(loopbackGate);

  let baseUrl = "";
  let grpcTarget = "";
  const pushStore = new InMemoryPushNotificationStore();
  // The card names the real port, known only once listening: built on first use.
  let handler: DefaultRequestHandler | undefined;
  // keepBusAliveStates without AUTH_REQUIRED: by default the SDK keeps an auth-required task's bus
  // (and so its stream) open for a credential injected out of band, but here the credential comes
  // as a new message on the task, whose turn opens with the task again, and the still-open first
  // stream then broke with "Stream ordering violation". Settled, the stream ends at auth-required.
  const handlerOptions = { keepBusAliveStates: [TaskState.TASK_STATE_INPUT_REQUIRED] };
  const requestHandler = (): DefaultRequestHandler =>
    (handler ??= new DefaultRequestHandler(
      demoCard(baseUrl, grpcTarget, { streaming: options.streaming ?? true }),
      new InMemoryTaskStore(),
      new DemoExecutor(timing),
      undefined,
      pushStore,
      new DefaultPushNotificationSender(pushStore, { timeout: 3000 }),
      undefined,
      undefined,
      handlerOptions,
    ));

  // SDK 1.3.0's card handler JSON.stringify()s the card object it is given, which for its own
  // AgentCard type leaks the codec's internals (`securitySchemes.x.scheme.$case`, `tenant: ""`):
  // it is handed the card's spec JSON (AgentCard.toJSON) instead, so the wire carries a valid card.
  app.use(
    "/.well-known/agent-card.json",
    agentCardHandler({ agentCardProvider: async () => AgentCard.toJSON(await requestHandler().getAgentCard()) as AgentCard }),
  );
  // The express handlers take the request handler at creation: mount them lazily too.
  let jsonRpc: RequestHandler | undefined;
  let rest: RequestHandler | undefined;
  app.use(JSONRPC_PATH, (req, res, next) =>
    (jsonRpc ??= jsonRpcHandler({ requestHandler: requestHandler(), userBuilder: UserBuilder.noAuthentication }))(req, res, next),
  );
  app.use(REST_PATH, (req, res, next) =>
    (rest ??= restHandler({ requestHandler: requestHandler(), userBuilder: UserBuilder.noAuthentication }))(req, res, next),
  );
  app.use((_req, res) => void res.status(404).json({ error: "Not found: the card is at /.well-known/agent-card.json" }));

  const server: Server = await new Promise((resolve, reject) => {
    const s = app.listen(options.port ?? 0, host, (err?: Error) => (err ? reject(err) : resolve(s)));
    s.once("error", reject);
  });
  const port = (server.address() as AddressInfo).port;
  baseUrl = `http://${host}:${port}`;
  // gRPC has no Host / Origin to check: a web page cannot speak HTTP/2 gRPC to it (no fetch/XHR
  // sends h2c with gRPC framing), so loopback binding is the gate here.
  const grpcServer = new grpc.Server();
  let grpcPort: number;
  try {
    grpcPort = await new Promise<number>((resolve, reject) =>
      grpcServer.bindAsync(
        `${host === "localhost" ? "127.0.0.1" : host}:${options.grpcPort ?? 0}`,
        grpc.ServerCredentials.createInsecure(),
        (err, p) => (err ? reject(err) : resolve(p)),
      ),
    );
  } catch (e) {
    server.close();
    throw e;
  }
  grpcTarget = `127.0.0.1:${grpcPort}`;
  // Added once both ports are known: the request handler's card names them.
  grpcServer.addService(A2AService, grpcService({ requestHandler: requestHandler(), userBuilder: GrpcUserBuilder.noAuthentication }));
  const sockets = new Set<Socket>();
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.once("close", () => sockets.delete(socket));
  });

  const stop = async (): Promise<void> => {
    // Open SSE streams (a slow task) would keep close() waiting forever.
    for (const socket of sockets) socket.destroy();
    grpcServer.forceShutdown();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return { url: baseUrl, cardUrl: `${baseUrl}/.well-known/agent-card.json`, port, grpcTarget, stop };
}
