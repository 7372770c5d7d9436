import "server-only";
// The browser's bundle views still import this unit's snapshot from here: its schema now lives in
// its protocol's contract (lib/contracts/playground.ts) and its module in lib/server/playground/bundle-unit.ts.
// Kept until those views import the contract; nothing on the server imports this file.
export { playgroundConversationSnapshotSchema } from "@/lib/contracts/playground";
export type { PlaygroundConversationSnapshot } from "@/lib/contracts/playground";
