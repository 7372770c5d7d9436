/**
 * One value per process under `key` on globalThis, made on first use (STYLE rule 3): Next loads a
 * server module once per route bundle and again on a dev hot reload, so a module-level `let` would
 * hold several registries, stores or hubs. The key is a `Symbol.for`, the same in every bundle.
 * What is stored is only ever stored here, by the one caller that owns the key.
 */
export function processWide<T>(key: symbol, make: () => T): T {
  if (!Reflect.has(globalThis, key)) Reflect.set(globalThis, key, make());
  return Reflect.get(globalThis, key);
}
