// Next calls register() once when the server starts: the moment to restore saved connections and
// pre-connect the demo and command-line peers (lib/server/boot.ts). This is the composition root:
// the one place that hands the demo peers (demo/peers.ts) to the production code.
export async function register() {
  if (process.env.NEXT_RUNTIME === "nodejs" && process.env.LOUPE_BOOT) {
    const [{ boot }, { DEMO_PEERS }] = await Promise.all([import("./lib/server/boot"), import("./demo/peers")]);
    await boot(JSON.parse(process.env.LOUPE_BOOT), DEMO_PEERS);
  }
}
