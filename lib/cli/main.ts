// The CLI's process entry, run by bin/loupe-inspector.mjs (bin/headless.mjs: through tsx in the
// repository, app/loupe-cli.mjs bundled by scripts/pack.mjs in the package) with the `react-server`
// condition, so the `test` engine's `server-only` modules load outside Next.
import { processIO } from "@/lib/cli/io";
import { runCli } from "@/lib/cli/index";

const code = await runCli(process.argv.slice(2), processIO());
// Children are closed by the command; what else holds the loop (timers of the store) must not keep
// a CI job waiting. stdout drains first (a piped snapshot is written whole).
process.stdout.write("", () => process.exit(code));
