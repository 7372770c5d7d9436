/**
 * Vitest setup for the component and hook files, which share a worker without module isolation
 * (vitest.config.ts, project "dom"): one file's patches must not reach the next file in that worker.
 * The DOM classes come from one cached happy-dom module per worker, so a test that redefines
 * `HTMLElement.prototype.clientHeight` (to lay out a virtual list) or spies on
 * `HTMLAnchorElement.prototype.click` would otherwise leave it for every later file. Before a file
 * runs, the own properties of every DOM class and prototype (and `URL`'s statics) are noted; after
 * it, each is put back and any added one removed, with the spies, stubbed globals, fake timers and
 * the page's storage.
 */
import { afterAll, beforeAll, vi } from "vitest";

type Saved = Map<object, Map<PropertyKey, PropertyDescriptor>>;

const DOM_CLASS = /^(HTML|SVG|Element$|Node$|Text$|CharacterData$|Document|Window$|EventTarget$|Range$|ShadowRoot$|DOM|Event$|URL$)/;

function patchable(): object[] {
  const out: object[] = [];
  for (const name of Object.getOwnPropertyNames(globalThis)) {
    if (!DOM_CLASS.test(name)) continue;
    const value: unknown = Reflect.get(globalThis, name);
    if (typeof value !== "function") continue;
    out.push(value);
    const proto: unknown = Reflect.get(value, "prototype");
    if (proto && typeof proto === "object") out.push(proto);
  }
  return out;
}

function save(targets: object[]): Saved {
  const saved: Saved = new Map();
  for (const target of targets) {
    const props = new Map<PropertyKey, PropertyDescriptor>();
    for (const key of Reflect.ownKeys(target)) {
      const d = Reflect.getOwnPropertyDescriptor(target, key);
      if (d) props.set(key, d);
    }
    saved.set(target, props);
  }
  return saved;
}

function restore(saved: Saved): void {
  for (const [target, props] of saved) {
    for (const key of Reflect.ownKeys(target)) {
      if (props.has(key)) continue;
      const d = Reflect.getOwnPropertyDescriptor(target, key);
      if (d?.configurable) Reflect.deleteProperty(target, key);
    }
    for (const [key, d] of props) {
      const now = Reflect.getOwnPropertyDescriptor(target, key);
      const same = now && now.value === d.value && now.get === d.get && now.set === d.set && now.writable === d.writable;
      if (!same && (now?.configurable ?? true)) Reflect.defineProperty(target, key, d);
    }
  }
}

let saved: Saved | null = null;

beforeAll(() => {
  saved = save(patchable());
});

afterAll(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  vi.useRealTimers();
  if (saved) restore(saved);
  saved = null;
  if (typeof window !== "undefined") {
    window.localStorage?.clear();
    window.sessionStorage?.clear();
  }
});
