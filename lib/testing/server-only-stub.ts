// Vitest runs lib/server modules outside Next; the real "server-only" throws there.
export {};
