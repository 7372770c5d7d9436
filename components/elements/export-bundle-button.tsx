"use client";

import { useState } from "react";
import { DownloadIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import type { BundleUnitRef } from "@/lib/contracts/bundle";
import { bundleFileName } from "@/lib/bundle-file-name";
import { fetchBundle } from "@/lib/queries/bundles";
import { downloadText } from "@/lib/tool-result/download";
import { errorMessage } from "@/lib/values";

export interface ExportBundleButtonProps {
  /** What to export; null while there is nothing to export yet (the button is disabled). */
  unit: BundleUnitRef | null;
  label?: string;
  testId?: string;
  className?: string;
}

/**
 * "Export bundle": downloads one recorded unit as a Loupe bundle (secrets masked by the server).
 * Every protocol's view uses this one button so the file and its name are the same everywhere.
 */
export function ExportBundleButton({ unit, label = "Export bundle", testId = "export-bundle", className }: ExportBundleButtonProps) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = async () => {
    if (!unit) return;
    setBusy(true);
    setError(null);
    try {
      const { text, title } = await fetchBundle(unit);
      downloadText(text, bundleFileName(title), "application/json");
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <span className={className}>
      <Button
        size="xs"
        variant="outline"
        data-testid={testId}
        disabled={!unit || busy}
        title="Save this as one JSON file (secrets masked) that any Loupe can open read-only"
        onClick={() => void run()}
      >
        <DownloadIcon /> {busy ? "Exporting…" : label}
      </Button>
      {error && (
        <span role="alert" data-testid={`${testId}-error`} className="ml-2 text-xs text-destructive">
          {error}
        </span>
      )}
    </span>
  );
}
