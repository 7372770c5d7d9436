/** The parts of results.mjs its tests use (the runner itself is plain JS). */
export interface Requirements {
  client: string[];
  server: string[];
  notScored: { client: string[]; server: string[] };
}
export function readRequirements(revision: string): Requirements;
export function countedExtras(required: Requirements, revision: string, extras: string[]): string[];
