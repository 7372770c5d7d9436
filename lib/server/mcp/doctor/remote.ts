import "server-only";
import { handshakeFor } from "@/lib/server/mcp/doctor/initialize";
import { lookup } from "node:dns/promises";
import net from "node:net";
import type { DiagnosisStep } from "@/lib/contracts/connections";
import { authStep, classifyHttpAnswer, httpProbe } from "@/lib/server/mcp/doctor/http";
import { STEP_TIMEOUT_MS, Steps, withTimeout } from "@/lib/server/mcp/doctor/steps";
import type { DiagnoseOptions, RemoteConfig } from "@/lib/server/mcp/doctor/steps";
import { networkWords } from "@/lib/server/mcp/doctor/words";

/** The remote checks: dns → tcp → http → auth → protocol, stopping at the first failing step. */

export async function diagnoseRemote(config: RemoteConfig, opts: DiagnoseOptions): Promise<DiagnosisStep[]> {
  const steps = new Steps();
  const url = new URL(config.url);
  const host = url.hostname.replace(/^\[|\]$/g, "");
  const port = Number(url.port || (url.protocol === "https:" ? 443 : 80));

  let started = performance.now();
  let address = host;
  if (net.isIP(host)) {
    steps.add("dns", true, `${host} is an IP address; no name lookup needed`, started);
  } else {
    try {
      const found = await withTimeout(lookup(host, { all: true }), STEP_TIMEOUT_MS, "DNS lookup");
      address = found[0]!.address;
      steps.add("dns", true, `${host} resolves to ${found.map((a) => a.address).join(", ")}`, started);
    } catch (error) {
      const code = (error as { code?: string }).code;
      const detail =
        code === "ENOTFOUND" ? `The name ${host} was not found (DNS: name not found)` : `Looking up ${host} failed: ${networkWords(error)}`;
      steps.add("dns", false, detail, started);
      return steps.list;
    }
  }

  started = performance.now();
  const tcp = await tcpConnect(address, port, STEP_TIMEOUT_MS);
  if (!steps.add("tcp", tcp.ok, tcp.detail, started)) return steps.list;

  started = performance.now();
  const answer = await httpProbe(config, opts.bearerToken);
  const http = classifyHttpAnswer(answer, config.transport, url.pathname, handshakeFor(config).method);
  if (!steps.add("http", http.ok, http.detail, started)) return steps.list;

  started = performance.now();
  if ("status" in answer) {
    const auth = authStep(answer.status, answer.wwwAuthenticate, config.oauth?.enabled === true);
    if (!steps.add("auth", auth.ok, auth.detail, started)) return steps.list;
  }

  started = performance.now();
  steps.add("protocol", http.protocol.ok, http.protocol.detail, started);
  return steps.list;
}

function tcpConnect(host: string, port: number, timeoutMs: number): Promise<{ ok: boolean; detail: string }> {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    const where = net.isIPv6(host) ? `[${host}]:${port}` : `${host}:${port}`;
    const done = (ok: boolean, detail: string) => {
      socket.destroy();
      resolve({ ok, detail });
    };
    socket.setTimeout(timeoutMs, () =>
      done(false, `No answer from ${where} within ${timeoutMs / 1000} s (a firewall, or the wrong address?)`),
    );
    socket.once("connect", () => done(true, `A TCP connection to ${where} opened`));
    socket.once("error", (error: NodeJS.ErrnoException) => {
      if (error.code === "ECONNREFUSED") done(false, `Nothing is listening on ${where} (connection refused)`);
      else done(false, `Connecting to ${where} failed: ${networkWords(error)}`);
    });
  });
}
