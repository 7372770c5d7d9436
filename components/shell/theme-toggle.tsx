"use client";

import { MonitorIcon, MoonIcon, SunIcon, type LucideIcon } from "lucide-react";
import { useTheme } from "@/hooks/use-theme";
import { cn } from "@/lib/cn";
import { THEME_CHOICES, type ThemeChoice } from "@/lib/theme";

const OPTION: Record<ThemeChoice, { icon: LucideIcon; label: string }> = {
  system: { icon: MonitorIcon, label: "Follow the system theme" },
  light: { icon: SunIcon, label: "Light theme" },
  dark: { icon: MoonIcon, label: "Dark theme" },
};

/** System / light / dark, kept in localStorage; the header's only theme control. */
export function ThemeToggle({ className }: { className?: string }) {
  const { choice, setChoice } = useTheme();
  return (
    <div
      role="radiogroup"
      aria-label="Theme"
      data-testid="theme-toggle"
      data-value={choice}
      className={cn("flex items-center rounded-md border p-0.5", className)}
    >
      {THEME_CHOICES.map((value) => {
        const { icon: Icon, label } = OPTION[value];
        const checked = value === choice;
        return (
          <button
            key={value}
            type="button"
            role="radio"
            aria-checked={checked}
            aria-label={label}
            title={label}
            data-testid="theme-option"
            data-value={value}
            onClick={() => setChoice(value)}
            className={cn(
              "grid size-6 place-items-center rounded text-muted-foreground outline-none hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring/60",
              checked && "bg-accent text-foreground",
            )}
          >
            <Icon className="size-3.5" aria-hidden />
          </button>
        );
      })}
    </div>
  );
}
