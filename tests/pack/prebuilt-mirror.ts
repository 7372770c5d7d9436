import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { z } from "zod";

/**
 * better-sqlite3's prebuilt binary for the pack test's `npm install`, served on loopback the way its
 * release host serves it. On a user's machine the package's install script (prebuild-install) downloads
 * the binary for their Node from GitHub; CI reaches only the npm registry, so it would compile SQLite
 * instead (about 100 s of CPU on CI's 2 cores, beside the conformance suite). The binary served is this
 * checkout's own build of the same version, for this Node and platform; any other request is a 404, and
 * prebuild-install then falls back to compiling as it would anywhere. prebuild-install reads the host
 * from `npm_config_better_sqlite3_binary_host` and asks for `<host>/v<version>/<name>-v<version>-node-v<abi>-<platform>-<arch>.tar.gz`.
 */
export interface PrebuiltMirror {
  /** The environment npm install runs with. */
  env: Record<string, string>;
  /** Whether the install asked for the binary (and got it). */
  served(): boolean;
  close(): Promise<void>;
}

const PackageVersion = z.object({ version: z.string() });

export async function startPrebuiltMirror(root: string): Promise<PrebuiltMirror | null> {
  const dir = path.join(root, "node_modules/better-sqlite3");
  const binary = path.join(dir, "build/Release/better_sqlite3.node");
  if (!existsSync(binary)) return null;
  const { version } = PackageVersion.parse(JSON.parse(readFileSync(path.join(dir, "package.json"), "utf8")));
  const name = `better-sqlite3-v${version}-node-v${process.versions.modules}-${process.platform}-${process.arch}.tar.gz`;
  const scratch = mkdtempSync(path.join(tmpdir(), "loupe-prebuilt-"));
  const archive = path.join(scratch, name);
  const tar = spawnSync("tar", ["-czf", archive, "-C", dir, "build/Release/better_sqlite3.node"], { encoding: "utf8" });
  if (tar.status !== 0) {
    rmSync(scratch, { recursive: true, force: true });
    return null;
  }
  const body = readFileSync(archive);
  let served = false;
  const server = createServer((req, res) => {
    if (req.method === "GET" && req.url === `/v${version}/${name}`) {
      served = true;
      res.writeHead(200, { "content-type": "application/gzip", "content-length": body.length }).end(body);
    } else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return {
    env: { npm_config_better_sqlite3_binary_host: `http://127.0.0.1:${port}` },
    served: () => served,
    close: async () => {
      await new Promise((resolve) => server.close(resolve));
      rmSync(scratch, { recursive: true, force: true });
    },
  };
}
