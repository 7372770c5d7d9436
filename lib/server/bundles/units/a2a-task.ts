import "server-only";
// The browser's bundle views still import this unit's snapshot from here: its schema now lives in
// its protocol's contract (lib/contracts/a2a.ts) and its module in lib/server/a2a/bundle-unit.ts.
// Kept until those views import the contract; nothing on the server imports this file.
export { a2aTaskSnapshotSchema } from "@/lib/contracts/a2a";
export type { A2aTaskSnapshot } from "@/lib/contracts/a2a";
