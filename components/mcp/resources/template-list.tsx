"use client";

import type { ResourceTemplate } from "@modelcontextprotocol/sdk/types.js";
import { FileCodeIcon } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { SafeText } from "@/components/ui/safe-text";
import { useListKeys } from "@/hooks/use-list-keys";
import { resourceLabel } from "./resource-filter";
import { rowClass } from "./resource-list";

export interface TemplateListProps {
  templates: readonly ResourceTemplate[];
  selected: string | null;
  onSelect: (uriTemplate: string) => void;
}

/** The resource templates, each opening its form. */
export function TemplateList({ templates, selected, onSelect }: TemplateListProps) {
  const onListKeyDown = useListKeys();
  if (templates.length === 0) return <p className="px-3 py-2 text-xs text-muted-foreground">No templates match.</p>;
  return (
    <div role="listbox" aria-label="Resource templates" data-testid="template-list" onKeyDown={onListKeyDown}>
      {templates.map((t) => (
        <button
          type="button"
          role="option"
          aria-selected={t.uriTemplate === selected}
          key={t.uriTemplate}
          data-testid="template-item"
          data-template={t.uriTemplate}
          onClick={() => onSelect(t.uriTemplate)}
          className={rowClass(t.uriTemplate === selected)}
        >
          <span className="flex items-center gap-1.5">
            <FileCodeIcon className="size-3.5 shrink-0 text-muted-foreground" />
            <SafeText text={resourceLabel(t)} className="truncate text-xs font-medium" />
          </span>
          <span className="truncate font-mono text-[11px] text-muted-foreground">{t.uriTemplate}</span>
          {t.mimeType && (
            <span>
              <Badge variant="secondary">{t.mimeType}</Badge>
            </span>
          )}
        </button>
      ))}
    </div>
  );
}
