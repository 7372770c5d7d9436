/** @type {import('next').NextConfig} */
const nextConfig = {
  // Native and process-spawning packages stay plain Node requires, so the server registry and
  // the SQLite handle are one instance across every route bundle.
  serverExternalPackages: ["better-sqlite3", "@modelcontextprotocol/sdk"],
  poweredByHeader: false,
  reactStrictMode: true,
  devIndicators: false,
};
export default nextConfig;
