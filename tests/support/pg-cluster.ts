import { execFileSync, spawnSync } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { PgSync } from "@/lib/server/sql/pg-sync";

/**
 * A temporary PostgreSQL cluster for a test file: Debian's `postgresql` binaries, `initdb` into a
 * fresh folder, the server listening on 127.0.0.1 only, its socket and log inside the folder.
 * PostgreSQL refuses to run as root, so as root both run as the `postgres` user (`runuser`).
 * The test stops it (`stop()`), which also removes the folder.
 */
export interface PgCluster {
  /** `postgres://loupe@127.0.0.1:<port>/postgres`: trust authentication, loopback only. */
  url: string;
  /** A fresh database in the cluster, for one test's store. */
  createDatabase(name: string): string;
  stop(): void;
}

/** The folder of Debian's PostgreSQL programs, or null when the package is not installed. */
export function pgBinDir(): string | null {
  const root = "/usr/lib/postgresql";
  if (!existsSync(root)) return null;
  const versions = readdirSync(root)
    .filter((v) => existsSync(path.join(root, v, "bin", "initdb")))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? path.join(root, versions[0], "bin") : null;
}

/**
 * Whether the PostgreSQL tests run here. CI (`.ci/run`) installs the package and sets
 * LOUPE_REQUIRE_PG=1, so a missing PostgreSQL fails there instead of skipping.
 */
export function pgAvailable(): boolean {
  if (pgBinDir()) return true;
  if (process.env.LOUPE_REQUIRE_PG === "1") throw new Error("LOUPE_REQUIRE_PG=1 but Debian's postgresql is not installed");
  return false;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export async function startPgCluster(): Promise<PgCluster> {
  const bin = pgBinDir();
  if (!bin) throw new Error("Debian's postgresql is not installed (apt-get install postgresql)");
  const asRoot = process.getuid?.() === 0;
  const run = (program: string, args: string[]) => {
    const file = path.join(bin, program);
    const [cmd, argv] = asRoot ? ["runuser", ["-u", "postgres", "--", file, ...args]] : [file, args];
    const result = spawnSync(cmd, argv, { encoding: "utf8", timeout: 60_000 });
    if (result.status !== 0) throw new Error(`${program} failed: ${result.stderr || result.stdout || result.error?.message}`);
  };
  const dir = mkdtempSync(path.join(tmpdir(), "loupe-pg-"));
  const data = path.join(dir, "data");
  if (asRoot)
    chownSync(dir, Number(execFileSync("id", ["-u", "postgres"]).toString()), Number(execFileSync("id", ["-g", "postgres"]).toString()));
  run("initdb", ["-D", data, "-A", "trust", "-U", "loupe", "--no-sync", "-E", "UTF8"]);
  const port = await freePort();
  const options = `-c listen_addresses=127.0.0.1 -p ${port} -k ${dir} -c fsync=off -c max_connections=200`;
  run("pg_ctl", ["-D", data, "-o", options, "-l", path.join(dir, "log"), "-w", "-t", "60", "start"]);
  const base = `postgres://loupe@127.0.0.1:${port}`;
  let stopped = false;
  let admin: PgSync | null = null;
  // A test process that ends without stop() (a crash, a timeout) still takes its cluster down.
  const atExit = () => cluster.stop();
  process.once("exit", atExit);
  const cluster: PgCluster = {
    url: `${base}/postgres`,
    createDatabase(name) {
      // One admin connection per cluster, kept: a psql process per database cost a second on a busy machine.
      admin ??= new PgSync(`${base}/postgres`, "loupe-test-admin");
      admin.query(`CREATE DATABASE "${name.replace(/"/g, "")}"`);
      return `${base}/${name}`;
    },
    stop() {
      if (stopped) return;
      stopped = true;
      admin?.close();
      process.off("exit", atExit);
      try {
        run("pg_ctl", ["-D", data, "-m", "immediate", "-w", "stop"]);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
  return cluster;
}
