// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { THEME_BOOT_SCRIPT, THEME_STORAGE_KEY, isDark, parseThemeChoice } from "@/lib/theme";
import { ThemeToggle } from "./theme-toggle";

let systemDark = false;
const listeners = new Set<() => void>();

function setSystem(dark: boolean) {
  systemDark = dark;
  for (const l of listeners) l();
}

beforeEach(() => {
  systemDark = false;
  listeners.clear();
  window.localStorage.clear();
  document.documentElement.className = "";
  delete document.documentElement.dataset.theme;
  vi.stubGlobal("matchMedia", (query: string) => ({
    get matches() {
      return query === "(prefers-color-scheme: dark)" && systemDark;
    },
    media: query,
    addEventListener: (_: string, l: () => void) => listeners.add(l),
    removeEventListener: (_: string, l: () => void) => listeners.delete(l),
  }));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const html = () => document.documentElement;
// The boot script runs as an inline <script> in <head>; here it is evaluated the same way.
const boot = () => new Function(THEME_BOOT_SCRIPT)();

describe("theme choice", () => {
  it("parses what localStorage holds, defaulting to system", () => {
    expect(parseThemeChoice("dark")).toBe("dark");
    expect(parseThemeChoice(null)).toBe("system");
    expect(parseThemeChoice("purple")).toBe("system");
    expect(isDark("system", true)).toBe(true);
    expect(isDark("light", true)).toBe(false);
    expect(isDark("dark", false)).toBe(true);
  });
});

describe("boot script (before first paint)", () => {
  it("follows the system when nothing is saved", () => {
    setSystem(true);
    boot();
    expect(html().classList.contains("dark")).toBe(true);
    expect(html().dataset.theme).toBe("system");
  });

  it("a saved choice wins over the system", () => {
    setSystem(true);
    window.localStorage.setItem(THEME_STORAGE_KEY, "light");
    boot();
    expect(html().classList.contains("dark")).toBe(false);
    setSystem(false);
    window.localStorage.setItem(THEME_STORAGE_KEY, "dark");
    boot();
    expect(html().classList.contains("dark")).toBe(true);
  });
});

describe("ThemeToggle", () => {
  it("switches system / light / dark, keeps the choice, and follows the system while on system", () => {
    render(<ThemeToggle />);
    const option = (v: string) => screen.getAllByTestId("theme-option").find((o) => o.dataset.value === v)!;
    expect(option("system").getAttribute("aria-checked")).toBe("true");

    fireEvent.click(option("dark"));
    expect(html().classList.contains("dark")).toBe(true);
    expect(window.localStorage.getItem(THEME_STORAGE_KEY)).toBe("dark");
    expect(option("dark").getAttribute("aria-checked")).toBe("true");

    fireEvent.click(option("light"));
    expect(html().classList.contains("dark")).toBe(false);
    expect(window.localStorage.getItem(THEME_STORAGE_KEY)).toBe("light");

    fireEvent.click(option("system"));
    expect(window.localStorage.getItem(THEME_STORAGE_KEY)).toBeNull();
    expect(html().classList.contains("dark")).toBe(false);
    act(() => setSystem(true));
    expect(html().classList.contains("dark")).toBe(true);
  });
});
