import "server-only";
import { isRecord } from "@/lib/values";
import type { BundleFormatConverter } from "./converter";
import { convertAdkSession, looksLikeAdkSession, madeByAdkWeb } from "./adk-session";

/** adk-web's download name for a session without a display name (`exportSession()` in its bundle). */
function isAdkWebFileName(json: unknown, fileName: string | undefined): boolean {
  if (!fileName || !isRecord(json) || typeof json.id !== "string") return false;
  // A browser saving the same name twice adds " (1)".
  return new RegExp(`^session-${json.id.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}( \\(\\d+\\))?\\.json$`).test(fileName);
}

/** `GET /apps/{app}/users/{u}/sessions/{id}` of an ADK api_server (JS or Python), saved as a file. */
export const adkSessionJsonFormat: BundleFormatConverter = {
  origin: "adk-session-json",
  detect: (json) => looksLikeAdkSession(json) && !madeByAdkWeb(json),
  convert: (json, fileName) => convertAdkSession(json, isAdkWebFileName(json, fileName) ? "adk-web" : "adk-session-json", fileName),
};
