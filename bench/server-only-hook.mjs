// Node module-resolution hook for the benchmark (registered from bench/load-server.ts).
// lib/server modules begin with `import "server-only"`, whose default entry throws outside a
// React Server bundle; here "server-only" resolves to an empty module instead.
export async function resolve(specifier, context, nextResolve) {
  if (specifier === "server-only") return { url: "data:text/javascript,export {};", shortCircuit: true };
  return nextResolve(specifier, context);
}
