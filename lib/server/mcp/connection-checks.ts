import "server-only";
import type { LoggingLevel } from "@modelcontextprotocol/sdk/types.js";
import type { ConnectStep, DiagnosisStep } from "@/lib/contracts/connections";
import { AppError } from "@/lib/errors";
import { diagnose } from "@/lib/server/mcp/doctor";
import type { ConnectionHandle } from "@/lib/server/mcp/connection-handle";
import { oauthFor } from "@/lib/server/mcp/oauth/connection-auth";
import { isModern, refuseRemovedInModern } from "@/lib/server/mcp/era";
import { LoupeClient } from "@/lib/server/mcp/loupe-client";
import { errorMessage } from "@/lib/values";

/** Round trip of an MCP ping; the result (or the error) is kept in state.lastPing. */
export async function pingConnection(conn: ConnectionHandle): Promise<{ ms: number }> {
  const client = conn.requireClient();
  refuseRemovedInModern(conn, "ping");
  const started = performance.now();
  try {
    await client.ping({ timeout: Math.min(conn.config.requestTimeoutMs, 30_000) });
  } catch (error) {
    const message = errorMessage(error);
    conn.setState({ lastPing: { at: Date.now(), error: message } });
    throw new AppError("upstream:ping", `Ping failed: ${message}`);
  }
  const ms = Math.round((performance.now() - started) * 10) / 10;
  conn.setState({ lastPing: { at: Date.now(), ms } });
  return { ms };
}

/** The connection doctor's steps for `conn`; never throws. */
export async function runDoctor(conn: ConnectionHandle): Promise<DiagnosisStep[]> {
  try {
    const oauth = conn.config.transport !== "stdio" && conn.config.oauth?.enabled ? oauthFor(conn) : null;
    const bearerToken = oauth?.read().tokens?.access_token;
    return await diagnose(conn.config, bearerToken ? { bearerToken } : {});
  } catch (error) {
    return [{ step: "initialize", ok: false, detail: `The checks themselves failed: ${errorMessage(error)}` }];
  }
}

/**
 * Shows a failed connect and runs the connection doctor on it; a newer attempt discards its steps.
 * `background`: answer without waiting for the doctor (its steps arrive as a state change).
 */
export async function showConnectFailure(
  conn: ConnectionHandle,
  message: string,
  step: ConnectStep,
  opts: { background?: boolean } = {},
): Promise<void> {
  conn.setState({ status: "error", error: { message, step }, reconnect: undefined });
  // The connection doctor says which step failed, in words.
  const doctorGen = conn.generation;
  const doctor = runDoctor(conn).then((diagnosis) => {
    if (doctorGen === conn.generation && conn.state.status === "error") conn.setState({ diagnosis });
  });
  if (opts.background) void doctor.catch(() => undefined);
  else await doctor;
}

/** Runs the connection doctor now and keeps its steps in state.diagnosis. */
export async function diagnoseConnection(conn: ConnectionHandle): Promise<DiagnosisStep[]> {
  const diagnosis = await runDoctor(conn);
  conn.setState({ diagnosis });
  return diagnosis;
}

export async function setConnectionLogLevel(conn: ConnectionHandle, level: LoggingLevel): Promise<void> {
  const client = conn.requireClient();
  if (isModern(conn.state.era) && client instanceof LoupeClient) {
    // No logging/setLevel in 2026-07-28: the level goes with each request from now on (_meta).
    client.requestLogLevel = level;
    conn.setState({ logLevel: level });
    return;
  }
  refuseRemovedInModern(conn, "logging/setLevel");
  await client.setLoggingLevel(level, { timeout: conn.config.requestTimeoutMs });
  conn.setState({ logLevel: level });
}
