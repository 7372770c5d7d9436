import "server-only";
import type { Bundle, BundleOrigin } from "@/lib/contracts/bundle";

/**
 * A format people already have (adk-web's session export, an ADK session JSON, the MCP Inspector's
 * protocol log) that import converts into a Loupe bundle. `detect` must be cheap and strict: the
 * first converter that says yes converts, and its result is validated like any Loupe bundle.
 */
export interface BundleFormatConverter {
  origin: BundleOrigin;
  detect(json: unknown): boolean;
  convert(json: unknown, fileName?: string): Bundle;
}
