import type { ReactNode } from "react";
import type { ConnectionEra, ConnectionView } from "@/lib/contracts/connections";

type Era = ConnectionEra["mode"] | "either";

/**
 * Where the capabilities travel: 2025-11-25 declares them once in `initialize`; 2026-07-28 is
 * stateless, with no initialize, and each request carries them in its `_meta`.
 */
const DECLARED_WHERE: Record<Era, { intro: ReactNode; current: string }> = {
  legacy: {
    intro: (
      <>
        What Loupe declares in <span className="font-mono">initialize</span>.
      </>
    ),
    current: "Declared in the current session.",
  },
  modern: {
    intro: (
      <>
        What Loupe declares with each request (its <span className="font-mono">_meta</span>: 2026-07-28 has no initialize).
      </>
    ),
    current: "Declared with each request of this connection.",
  },
  either: {
    intro: (
      <>
        What Loupe declares in <span className="font-mono">initialize</span> (2025-11-25) or with each request (2026-07-28).
      </>
    ),
    current: "Declared in the current connection.",
  },
};

/** The era the session speaks once connected; before that, the one the connection is pinned to, if it is. */
function eraOf(connection: ConnectionView): Era {
  if (connection.state.era) return connection.state.era.mode;
  if (connection.protocolEra === "2026-07-28") return "modern";
  if (connection.protocolEra === "2025-11-25") return "legacy";
  return "either";
}

/** Where this connection's client capabilities are declared, in words for the Client tab. */
export function declaredWhere(connection: ConnectionView): { intro: ReactNode; current: string } {
  return DECLARED_WHERE[eraOf(connection)];
}
