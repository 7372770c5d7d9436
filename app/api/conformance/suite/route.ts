import { getSuiteInstaller } from "@/lib/server/mcp/conformance/suite-install";
import { handle } from "@/lib/server/http";

export const dynamic = "force-dynamic";

/** Where the MCP conformance suite stands (ConformanceSuiteState): reads the disk, never installs (issue 22). */
export function GET(): Promise<Response> {
  return handle(() => Response.json(getSuiteInstaller().state()));
}

/**
 * Installs the suite into Loupe's data folder: 202 with the state (then poll GET for npm's lines);
 * 409 conflict:conformance_installing while an install goes.
 */
export function POST(): Promise<Response> {
  return handle(() => Response.json(getSuiteInstaller().start(), { status: 202 }));
}
