// Preloaded into the demo agent server (node --require, see start-agent-server.ts): the same
// Host / Origin check Loupe's own gate makes (lib/launcher/security.ts). `adk api_server` has no
// such check; it runs agents and tools on request, so a web page the user opens must not reach
// it: not by DNS rebinding (a foreign Host), not by a form or fetch from another site or another
// local port (a foreign Origin). Servers in this process answer 403 to such requests before any
// handler runs. Loupe itself calls the server from Node: Host 127.0.0.1:<port>, no Origin.
//
// LOUPE_ADK_ALLOW_ORIGINS (from --allow_origins): origins also accepted, comma-separated, or "*".
// LOUPE_ADK_EXTRA_HOSTS: host names accepted besides the loopback ones (an explicit --host).
const http = require("node:http");

const LOOPBACK = ["127.0.0.1", "localhost", "[::1]"];
const list = (v) =>
  (v ?? "")
    .split(",")
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean);
const extraHosts = list(process.env.LOUPE_ADK_EXTRA_HOSTS).map((h) => (h.includes(":") && !h.startsWith("[") ? `[${h}]` : h));
const allowOrigins = list(process.env.LOUPE_ADK_ALLOW_ORIGINS).map((o) => o.replace(/\/+$/, ""));

function refusal(req) {
  const port = req.socket.localPort;
  const hosts = new Set([...LOOPBACK, ...extraHosts].map((h) => `${h}:${port}`));
  const host = (req.headers.host ?? "").toLowerCase();
  if (!hosts.has(host)) return `Host ${host || "(none)"} is not allowed`;
  const origin = req.headers.origin;
  if (origin === undefined || allowOrigins.includes("*") || allowOrigins.includes(origin.toLowerCase())) return null;
  let originHost = "";
  try {
    const u = new URL(origin);
    originHost = u.protocol === "http:" ? u.host.toLowerCase() : "";
  } catch {
    // "null" and garbage: refused below
  }
  return hosts.has(originHost) ? null : `Origin ${origin} is not allowed`;
}

const emit = http.Server.prototype.emit;
http.Server.prototype.emit = function gatedEmit(event, req, resOrSocket) {
  if (event === "request" || event === "checkContinue") {
    const why = refusal(req);
    if (why) {
      resOrSocket.writeHead(403, { "Content-Type": "application/json" });
      resOrSocket.end(JSON.stringify({ error: why }));
      return true;
    }
  } else if (event === "upgrade" && refusal(req)) {
    resOrSocket.end("HTTP/1.1 403 Forbidden\r\nConnection: close\r\n\r\n");
    return true;
  }
  return emit.apply(this, arguments);
};
