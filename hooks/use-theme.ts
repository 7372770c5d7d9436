"use client";

import { useCallback, useEffect, useSyncExternalStore } from "react";
import { THEME_STORAGE_KEY, isDark, parseThemeChoice, type ThemeChoice } from "@/lib/theme";

const DARK_QUERY = "(prefers-color-scheme: dark)";
const CHANGE_EVENT = "loupe-theme-change";

function readChoice(): ThemeChoice {
  try {
    return parseThemeChoice(window.localStorage.getItem(THEME_STORAGE_KEY));
  } catch {
    return "system";
  }
}

function systemDark(): boolean {
  return typeof window.matchMedia === "function" && window.matchMedia(DARK_QUERY).matches;
}

/** Puts the resolved theme on <html>, as the boot script in app/layout.tsx did before hydration. */
export function applyTheme(choice: ThemeChoice) {
  const root = document.documentElement;
  root.classList.toggle("dark", isDark(choice, systemDark()));
  root.dataset.theme = choice;
}

function subscribe(onChange: () => void) {
  // Another tab saving a choice, or this tab's toggle.
  window.addEventListener("storage", onChange);
  window.addEventListener(CHANGE_EVENT, onChange);
  const media = typeof window.matchMedia === "function" ? window.matchMedia(DARK_QUERY) : null;
  media?.addEventListener("change", onChange);
  return () => {
    window.removeEventListener("storage", onChange);
    window.removeEventListener(CHANGE_EVENT, onChange);
    media?.removeEventListener("change", onChange);
  };
}

/** The saved theme choice and a setter; keeps <html class="dark"> in step with it and with the OS. */
export function useTheme(): { choice: ThemeChoice; setChoice: (choice: ThemeChoice) => void } {
  const choice = useSyncExternalStore(subscribe, readChoice, () => "system" as const);
  const dark = useSyncExternalStore(subscribe, systemDark, () => false);

  useEffect(() => applyTheme(choice), [choice, dark]);

  const setChoice = useCallback((next: ThemeChoice) => {
    try {
      if (next === "system") window.localStorage.removeItem(THEME_STORAGE_KEY);
      else window.localStorage.setItem(THEME_STORAGE_KEY, next);
    } catch {
      // Blocked storage: the choice holds for this page only.
    }
    applyTheme(next);
    window.dispatchEvent(new Event(CHANGE_EVENT));
  }, []);

  return { choice, setChoice };
}
