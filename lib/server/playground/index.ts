import "server-only";
import { getHub } from "@/lib/server/hub";
import { defaultDeps } from "@/lib/server/playground/default-deps";
import { Playground } from "@/lib/server/playground/playground";

export { Playground } from "@/lib/server/playground/playground";

const PLAYGROUND_KEY = Symbol.for("loupe.playground");
type PlaygroundGlobal = typeof globalThis & { [PLAYGROUND_KEY]?: Playground };

/** The one playground of this process (STYLE rule 3: on globalThis, like the registry). */
export function getPlayground(): Playground {
  const g: PlaygroundGlobal = globalThis;
  g[PLAYGROUND_KEY] ??= new Playground(getHub(), defaultDeps());
  return g[PLAYGROUND_KEY];
}
