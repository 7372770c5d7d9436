// Public surface of the pure MCP protocol code (browser and server).
export * from "./types";
export { classifyFrame, type Frame } from "./frame";
export { entryItems, cachedEntryItems } from "./normalize";
export * from "./pairing";
export * from "./progress";
export * from "./collisions";
export * from "./preview";
export * from "./filter";
