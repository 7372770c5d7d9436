import type { SessionSearchHit } from "@/lib/contracts/session-search";
import { SafeText } from "@/components/ui/safe-text";
import { cn } from "@/lib/cn";
import { Highlight } from "./highlight";
import { searchKindOf } from "@/lib/workbench/search";
import { MATCH_LABEL } from "./search-groups";

export interface SearchResultRowProps {
  id: string;
  index: number;
  hit: SessionSearchHit;
  query: string;
  active: boolean;
  onHover: () => void;
  onChoose: () => void;
}

/** One found session: its name or id (query marked), labels, the matching snippet, what matched and when. */
export function SearchResultRow({ id, index, hit, query, active, onHover, onChoose }: SearchResultRowProps) {
  const kind = searchKindOf(hit);
  const detail = kind.detail(hit);
  return (
    <div
      id={id}
      role="option"
      aria-selected={active}
      data-index={index}
      data-testid="session-search-hit"
      data-kind={hit.kind}
      data-match={hit.match}
      data-session-id={hit.id}
      data-event-id={hit.eventId}
      onMouseMove={onHover}
      onMouseDown={(e) => e.preventDefault()}
      onClick={onChoose}
      className={cn("flex cursor-pointer flex-col gap-0.5 rounded-md px-2 py-1.5 text-sm", active && "bg-accent text-accent-foreground")}
    >
      <div className="flex min-w-0 items-center gap-2">
        {hit.name && (
          <span className="truncate font-medium">
            <Highlight text={hit.name} query={query} />
          </span>
        )}
        <span className={cn("min-w-0 truncate font-mono text-xs", hit.name && "text-muted-foreground")}>
          <Highlight text={hit.id} query={query} />
        </span>
        {hit.labels?.map((l) => (
          <span key={l} className="shrink-0 rounded-full border px-1.5 text-[10px]" data-testid="session-search-label">
            <Highlight text={l} query={query} />
          </span>
        ))}
        <span className="ml-auto shrink-0 text-[10px] text-muted-foreground">
          {kind.labelInRow && `${kind.label} · `}
          {MATCH_LABEL[hit.match]}
          {hit.updatedAt ? ` · ${new Date(hit.updatedAt).toLocaleString()}` : ""}
        </span>
      </div>
      {hit.snippet && (
        <p className="truncate text-xs text-muted-foreground" data-testid="session-search-snippet">
          <Highlight text={hit.snippet} query={query} />
        </p>
      )}
      {detail && <SafeText text={detail} className="text-[10px] text-muted-foreground" />}
    </div>
  );
}
