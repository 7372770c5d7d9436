/** MCP client config files (issue 22): read (`readMcpConfig`), matched to saved servers (`launchKey`), written (`writeMcpConfig`). Pure. */
export { readMcpConfig, MAX_CONFIG_ENTRIES } from "./read";
export { parseJsonc } from "./jsonc";
export { launchKey, findSameLaunch } from "./launch";
export { writeMcpConfig, EXPORT_SHAPES, EXPORT_FILE_NAMES } from "./write";
export type { ExportShape } from "./write";
export type { ResolveContext } from "./placeholders";
export type { ConfigEntry, ConfigReport, ConfigShape } from "./types";
export { MAX_CONFIG_BYTES } from "./types";
