// Next calls register() once when the server starts: the moment to restore saved connections and
// pre-connect the demo and command-line peers (lib/server/boot.ts). This is the composition root:
// the one place that hands the demo peers (demo/peers.ts) to production code.
import { deferBoot } from "./lib/launcher/serving";

export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs" || !process.env.LOUPE_BOOT) return;
  const flags = process.env.LOUPE_BOOT;
  const runBoot = async () => {
    // Imported here, not above: boot's modules (every protocol's server code) load when it runs.
    const [{ boot }, { DEMO_PEERS }] = await Promise.all([import("./lib/server/boot"), import("./demo/peers")]);
    await boot(JSON.parse(flags), DEMO_PEERS);
  };
  // The launcher (server.ts) runs it after the first page, or first for a request that needs it
  // (lib/launcher/serving.ts); without one, boot runs before Next answers, as Next awaits register().
  if (!deferBoot(runBoot)) await runBoot();
}
