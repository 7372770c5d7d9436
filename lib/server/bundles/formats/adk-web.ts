import "server-only";
import type { BundleFormatConverter } from "./converter";
import { convertAdkSession, looksLikeAdkSession, madeByAdkWeb } from "./adk-session";

/**
 * adk-web's session export (the session menu's Export): the stored session, pretty-printed, named
 * `<display name>.json` or `session-<id>.json`. Its JSON is the session GET's; what marks it as
 * adk-web's is the `__session_metadata__` adk-web writes into every session it creates. A session
 * made elsewhere and exported from adk-web reads as an ADK session JSON unless its file name is
 * adk-web's `session-<id>.json` (adk-session-json.ts).
 */
export const adkWebFormat: BundleFormatConverter = {
  origin: "adk-web",
  detect: (json) => looksLikeAdkSession(json) && madeByAdkWeb(json),
  convert: (json, fileName) => convertAdkSession(json, "adk-web", fileName),
};
