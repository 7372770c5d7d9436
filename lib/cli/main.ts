// The CLI's process entry: bin/loupe-inspector.mjs loads it through tsx in the repository, and the
// package ships it bundled to plain JS (scripts/pack.mjs → app/loupe-cli.mjs).
import { homedir } from "node:os";
import { runCli } from "./index";

const code = await runCli(process.argv.slice(2), {
  out: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(text),
  cwd: process.env.LOUPE_CWD || process.cwd(),
  env: process.env,
  home: homedir(),
});
// Let stdout drain before leaving (a piped snapshot is written whole).
process.stdout.write("", () => process.exit(code));
