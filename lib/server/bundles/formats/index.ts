import "server-only";
import { adkSessionJsonFormat } from "./adk-session-json";
import { adkWebFormat } from "./adk-web";
import type { BundleFormatConverter } from "./converter";
import { mcpInspectorLogFormat } from "./mcp-inspector-log";

/** The known foreign formats, one line each, tried in order. */
export const BUNDLE_FORMATS: BundleFormatConverter[] = [adkWebFormat, adkSessionJsonFormat, mcpInspectorLogFormat];
