"use client";

import { useState } from "react";
import { ClipboardPasteIcon } from "lucide-react";
import { BUNDLE_ORIGINS, BUNDLE_ORIGIN_LABEL, type ImportedBundleSummary } from "@/lib/contracts/bundle";
import { Button } from "@/components/ui/button";
import { Textarea } from "@/components/ui/textarea";
import { fileInput, ImportFileButton, useFileDrop, useStartImport } from "@/components/bundles/import-controls";
import { cn } from "@/lib/cn";

export interface ImportAreaProps {
  onImported: (summary: ImportedBundleSummary) => void;
}

/** Where a bundle comes in: pick a file, drop one here, or paste its JSON. Lists what it accepts. */
export function ImportArea({ onImported }: ImportAreaProps) {
  const { start, pending } = useStartImport(onImported);
  const [pasted, setPasted] = useState("");
  const drop = useFileDrop((file) => start(fileInput(file)));
  return (
    <section
      data-testid="bundle-import-area"
      data-drop-over={drop.over || undefined}
      {...drop.handlers}
      className={cn("flex flex-col gap-3 rounded-lg border border-dashed p-4", drop.over && "border-primary bg-primary/5")}
    >
      <div className="flex flex-wrap items-center gap-2">
        <ImportFileButton onFile={(file) => start(fileInput(file))} pending={pending} testId="bundle-import-main" />
        <span className="text-xs text-muted-foreground">or drop a file here, or paste its JSON below.</span>
      </div>
      <div className="flex flex-col gap-1.5">
        <Textarea
          data-testid="bundle-paste"
          aria-label="Bundle JSON to import"
          placeholder='{"format": "loupe-bundle", …}'
          value={pasted}
          onChange={(e) => setPasted(e.target.value)}
          className="max-h-48 min-h-20 font-mono text-xs"
        />
        <div>
          <Button
            size="xs"
            variant="outline"
            data-testid="bundle-paste-import"
            disabled={pending || !pasted.trim()}
            onClick={() => start({ text: pasted })}
          >
            <ClipboardPasteIcon /> Import pasted JSON
          </Button>
        </div>
      </div>
      <div className="text-xs text-muted-foreground" data-testid="bundle-formats">
        <p className="font-medium text-foreground">Accepted</p>
        <ul className="mt-1 list-inside list-disc">
          {BUNDLE_ORIGINS.map((origin) => (
            <li key={origin}>{BUNDLE_ORIGIN_LABEL[origin]}</li>
          ))}
        </ul>
        <p className="mt-1">The whole file is checked first: a file with a problem imports nothing and says where the problem is.</p>
      </div>
    </section>
  );
}
