// Test-only (Node): the recorded captures live in shared/, beside the repository (CI clones the
// repo with shared/ next to it); LOUPE_SHARED_DIR points elsewhere when needed.
import path from "node:path";

const REPO_ROOT = path.resolve(import.meta.dirname, "../..");
export const SHARED_DIR = process.env.LOUPE_SHARED_DIR ?? path.resolve(REPO_ROOT, "../shared");
export const MCP_FIXTURES = path.join(SHARED_DIR, "fixtures/mcp");
export const ADK_FIXTURES = path.join(SHARED_DIR, "fixtures/adk-js");
