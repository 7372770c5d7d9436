import type { Metadata } from "next";
import type { ReactNode } from "react";
import { THEME_BOOT_SCRIPT } from "@/lib/theme";
import "./globals.css";

export const metadata: Metadata = {
  title: "Loupe",
  description: "A browser inspector for AI agents and MCP servers",
};

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    // The boot script sets class="dark" / data-theme before hydration; React must not undo it.
    <html lang="en" suppressHydrationWarning>
      <head>
        <script dangerouslySetInnerHTML={{ __html: THEME_BOOT_SCRIPT }} />
      </head>
      <body>{children}</body>
    </html>
  );
}
