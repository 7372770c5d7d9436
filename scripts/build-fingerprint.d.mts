/** The paths a build is made from. */
export const SOURCES: readonly string[];
export function fingerprintFile(root: string): string;
/** The sources' fingerprint, or null outside a git checkout. */
export function sourceFingerprint(root: string): string | null;
export function recordBuildSources(root: string): void;
/** Why the build must be made again, or null when it is up to date. */
export function rebuildReason(root: string, opts?: { force?: boolean }): string | null;
