import path from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { Bench, Figure } from "./types";
import { median, ratio } from "./types";
import type { ToolApproval } from "@/lib/contracts/approvals";
import type { CallRecord } from "@/lib/contracts/calls";
import type { ConnectionView } from "@/lib/contracts/connections";
import type { TapSecret } from "@/lib/contracts/taps";
import { startBuiltLoupe, until, type BuiltInstance } from "../tests/support/built-instances";
import { pgAvailable, startPgCluster } from "../tests/support/pg-cluster";

const TOKEN = "bench-answer-across-0123456789";
const ROUNDS = 15;

/**
 * A human answer given on instance B reaches the upstream waiting on instance A (issue 25): a tapped
 * client's tools/call waits for its approval on A (which holds the server and its tap); the approval
 * is answered with POST /api/approvals/:id on B, which passes it to A through the cluster's mailbox;
 * the figure is the time from that POST to A sending the approved call upstream (the call's
 * `startedAt`, same machine clock), and to the tapped client having the result. Against the same on
 * one local Loupe (its SQLite store, answered where it waits), as a ratio. Built app, real
 * server-everything, the SDK v1 client. The build must be current (scripts/start.mjs builds otherwise).
 */
async function rounds(holder: BuiltInstance, answering: BuiltInstance): Promise<{ upstream: number[]; client: number[] }> {
  const server = path.join(process.cwd(), "node_modules/@modelcontextprotocol/server-everything/dist/index.js");
  const added = await holder.api<ConnectionView>("POST", "/api/connections", {
    name: "everything",
    transport: "stdio",
    command: process.execPath,
    args: [server, "stdio"],
    env: {},
  });
  const id = added.json.id;
  const secret = (await holder.api<TapSecret>("POST", `/api/connections/${id}/tap`, { policy: "always" })).json;
  const client = new Client({ name: "bench", version: "1.0.0" }, { capabilities: {} });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(secret.url), { requestInit: { headers: { Authorization: `Bearer ${secret.key}` } } }),
  );
  const upstream: number[] = [];
  const reached: number[] = [];
  try {
    for (let i = -2; i < ROUNDS; i++) {
      const message = `round ${i}`;
      const call = client.callTool({ name: "echo", arguments: { message } });
      call.catch(() => undefined); // a round that fails below closes the client: its error is the round's
      const approval = await until("the approval", async () => {
        const listed = await answering.api<ToolApproval[]>("GET", "/api/approvals?status=pending");
        return listed.json.find((a) => a.arguments.message === message);
      });
      const postedAt = Date.now();
      const began = performance.now();
      const answered = await answering.api("POST", `/api/approvals/${approval.id}`, { action: "approve" });
      if (answered.status !== 200) throw new Error(`the answer was refused: ${answered.status} ${JSON.stringify(answered.json)}`);
      await call;
      const ms = performance.now() - began;
      const calls = await holder.api<CallRecord[]>("GET", `/api/connections/${id}/calls?tool=echo&limit=5`);
      const ran = calls.json.find((c) => c.approvalId === approval.id);
      if (!ran) throw new Error("the approved call is not in the history");
      if (i < 0) continue; // warm-up
      upstream.push(ran.startedAt - postedAt);
      reached.push(ms);
    }
  } finally {
    await client.close();
  }
  return { upstream, client: reached };
}

export const answerAcrossBench: Bench = {
  name: "answer-across",
  async run(): Promise<Figure[]> {
    if (!pgAvailable()) return [{ label: "skipped: Debian's postgresql is not installed", value: 0, unit: "count" }];
    const local = await startBuiltLoupe("local", { token: TOKEN, leaseTtlMs: 15_000 });
    let one: { upstream: number[]; client: number[] };
    try {
      one = await rounds(local, local);
    } finally {
      await local.stop();
    }
    const pg = await startPgCluster();
    const options = { token: TOKEN, databaseUrl: pg.createDatabase("across"), leaseTtlMs: 15_000 };
    const [a, b] = await Promise.all([startBuiltLoupe("A", options), startBuiltLoupe("B", options)]);
    let two: { upstream: number[]; client: number[] };
    try {
      two = await rounds(a, b);
    } finally {
      await Promise.all([a.stop(), b.stop()]);
      pg.stop();
    }
    const note = `median of ${ROUNDS}; tap approval, answered by HTTP`;
    return [
      { label: "answer → upstream, one local instance", value: median(one.upstream), unit: "ms", note },
      { label: "answer on B → upstream through A", value: median(two.upstream), unit: "ms", note },
      ratio("answer → upstream: on B through A / one local instance", median(two.upstream), Math.max(1, median(one.upstream))),
      { label: "answer → tapped client has the result, one local instance", value: median(one.client), unit: "ms", note },
      { label: "answer on B → tapped client (on A) has the result", value: median(two.client), unit: "ms", note },
      ratio("answer → result: on B through A / one local instance", median(two.client), median(one.client)),
    ];
  },
};
