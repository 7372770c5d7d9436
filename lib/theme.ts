/** The user's choice; "system" follows `prefers-color-scheme`. */
export const THEME_CHOICES = ["system", "light", "dark"] as const;
export type ThemeChoice = (typeof THEME_CHOICES)[number];

export const THEME_STORAGE_KEY = "loupe-theme";

export function parseThemeChoice(value: unknown): ThemeChoice {
  return (THEME_CHOICES as readonly unknown[]).includes(value) ? (value as ThemeChoice) : "system";
}

export function isDark(choice: ThemeChoice, systemDark: boolean): boolean {
  return choice === "dark" || (choice === "system" && systemDark);
}

/**
 * Runs inline in <head> before the body is parsed, so the first paint already has the right theme
 * (no white flash for a dark-mode user). Self-contained on purpose: it is serialized with
 * toString(), so it may not reference anything outside its own body.
 */
function bootTheme(key: string) {
  try {
    let choice: string | null = null;
    try {
      choice = window.localStorage.getItem(key);
    } catch {
      // Storage can be blocked (privacy settings); the system preference still applies.
    }
    const systemDark = window.matchMedia("(prefers-color-scheme: dark)").matches;
    const dark = choice === "dark" || (choice !== "light" && systemDark);
    const root = document.documentElement;
    root.classList.toggle("dark", dark);
    root.dataset.theme = choice === "light" || choice === "dark" ? choice : "system";
  } catch {
    // Never block the page over a theme.
  }
}

export const THEME_BOOT_SCRIPT = `(${bootTheme.toString()})(${JSON.stringify(THEME_STORAGE_KEY)});`;
