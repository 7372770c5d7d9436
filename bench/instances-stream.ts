import type { Bench, Figure } from "./types";
import { median, ratio } from "./types";
import type { ConnectionView } from "@/lib/contracts/connections";
import { PgSync } from "@/lib/server/sql/pg-sync";
import { pgAvailable, startPgCluster } from "../tests/support/pg-cluster";
import { EVERYTHING, stdioInput, tempDir } from "../tests/support/servers";
import { post, startInstance, streamFrom, type Instance } from "../tests/support/instances";

const CLIENTS = 20;
const CALLS = 150;
const CONCURRENCY = 8;

/**
 * Live updates across instances (issue 25): entries per second fanned out to 20 browsers' streams
 * across two Loupe instances on one PostgreSQL (10 on each; the tool calls made through A, so B's
 * ten get them by following the store), against the same 20 streams on one instance, as a ratio.
 * Each instance is its own process serving Loupe's real routes (tests/support/instance-host.ts).
 * The time runs from the first call to the last stream having every entry the calls recorded.
 */
async function fanOut(url: string, instances: Instance[]): Promise<number> {
  const [a] = instances;
  const id = (await post<ConnectionView>(a!.base, "/api/connections", stdioInput("everything", [EVERYTHING, "stdio"]))).id;
  const echo = (i: number) => post(a!.base, `/api/connections/${id}/tools/call`, { name: "echo", arguments: { message: `m${i}` } });
  await echo(-1);
  const conn = new PgSync(url, "bench");
  const last = () => Number(conn.query("SELECT COALESCE(MAX(seq), 0) AS m FROM entries").rows[0]?.m ?? 0);
  const count = (after: number) => Number(conn.query("SELECT COUNT(*) AS n FROM entries WHERE seq > $1", [after]).rows[0]?.n ?? 0);
  try {
    const start = last();
    const clients = Array.from({ length: CLIENTS }, (_, i) => streamFrom(instances[i % instances.length]!.base, start));
    await new Promise((resolve) => setTimeout(resolve, 300)); // every stream open
    const began = performance.now();
    let next = 0;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < CALLS) await echo(next++);
      }),
    );
    const entries = count(start);
    await Promise.all(clients.map((client) => client.until(entries, 60_000)));
    const seconds = (performance.now() - began) / 1000;
    for (const client of clients) client.close();
    return entries / seconds;
  } finally {
    conn.close();
  }
}

async function measure(twoInstances: boolean): Promise<number> {
  const cluster = await startPgCluster();
  const dirs = [tempDir("loupe-bench-a-"), tempDir("loupe-bench-b-")];
  const instances: Instance[] = [];
  try {
    const url = cluster.createDatabase(twoInstances ? "two" : "one");
    instances.push(await startInstance(dirs[0]!.dir, url));
    if (twoInstances) instances.push(await startInstance(dirs[1]!.dir, url));
    return await fanOut(url, instances);
  } finally {
    for (const instance of instances) await instance.stop();
    cluster.stop();
    for (const dir of dirs) dir.cleanup();
  }
}

export const instancesStreamBench: Bench = {
  name: "instances-stream",
  async run(ctx): Promise<Figure[]> {
    if (!pgAvailable()) return [{ label: "skipped: Debian's postgresql is not installed", value: 0, unit: "count" }];
    const one: number[] = [];
    const two: number[] = [];
    for (let run = 0; run < Math.min(3, ctx.runs); run++) {
      one.push(await measure(false));
      two.push(await measure(true));
    }
    const note = `median of ${one.length}; ${CALLS} tool calls on A, ${CONCURRENCY} at a time`;
    return [
      { label: `entries/s to ${CLIENTS} streams on one instance`, value: median(one), unit: "entries/s", note },
      { label: `entries/s to ${CLIENTS} streams, 10 on each of 2 instances`, value: median(two), unit: "entries/s", note },
      ratio("2 instances / 1 instance (entries/s fanned out)", median(two), median(one)),
    ];
  },
};
