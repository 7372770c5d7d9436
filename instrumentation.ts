// Next calls register() once when the server starts: the moment to restore saved connections and
// pre-connect the demo and command-line servers (lib/server/boot.ts).
export async function register() {
  if (process.env.NEXT_RUNTIME === "nodejs" && process.env.LOUPE_BOOT) {
    const { boot } = await import("./lib/server/boot");
    await boot(JSON.parse(process.env.LOUPE_BOOT));
  }
}
