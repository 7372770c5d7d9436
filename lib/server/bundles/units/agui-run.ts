import "server-only";
// The browser's bundle views still import this unit's snapshot from here: its schema now lives in
// its protocol's contract (lib/contracts/agui.ts) and its module in lib/server/agui/bundle-unit.ts.
// Kept until those views import the contract; nothing on the server imports this file.
export { aguiRunSnapshotSchema } from "@/lib/contracts/agui";
export type { AguiRunSnapshot } from "@/lib/contracts/agui";
