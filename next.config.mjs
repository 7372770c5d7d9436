/** @type {import('next').NextConfig} */
const nextConfig = {
  // Native and process-spawning packages stay plain Node requires, so the server registry and
  // the SQLite handle are one instance across every route bundle.
  serverExternalPackages: ["better-sqlite3", "@modelcontextprotocol/sdk"],
  poweredByHeader: false,
  reactStrictMode: true,
  devIndicators: false,
  // Loupe answers on loopback: gzip of a multi-MB JSON answer cost more time than the bytes it
  // saved (bench: 5 MiB tools/call). Static files are small and cached by the browser anyway.
  compress: false,
  experimental: {
    // Next loads every route's module before the first request by default (docs: guides/memory-usage):
    // a local tool uses a few routes per session, so load each on its first request instead.
    preloadEntriesOnStart: false,
  },
};
export default nextConfig;
