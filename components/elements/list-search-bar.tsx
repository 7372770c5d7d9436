"use client";

import { RefreshCwIcon, SearchIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";

export interface ListSearchBarProps {
  /** What is listed, for labels: "tools", "prompts", "resources". */
  noun: string;
  placeholder?: string;
  value: string;
  onChange: (value: string) => void;
  searchTestId: string;
  /** Re-list from the server. */
  onRefresh: () => void;
  refreshing: boolean;
  refreshTitle: string;
  refreshTestId: string;
}

/** The search field and refresh button on top of a server's tool, prompt or resource list. */
export function ListSearchBar(props: ListSearchBarProps) {
  return (
    <div className="flex items-center gap-1.5 border-b p-2">
      <div className="relative flex-1">
        <SearchIcon className="absolute top-1/2 left-2 size-3.5 -translate-y-1/2 text-muted-foreground" />
        <Input
          aria-label={`Search ${props.noun}`}
          data-testid={props.searchTestId}
          className="h-8 pl-7 text-xs"
          placeholder={props.placeholder ?? `Search ${props.noun}`}
          value={props.value}
          onChange={(e) => props.onChange(e.target.value)}
        />
      </div>
      <Button
        size="icon"
        variant="ghost"
        aria-label={`Refresh ${props.noun}`}
        title={props.refreshTitle}
        data-testid={props.refreshTestId}
        disabled={props.refreshing}
        onClick={props.onRefresh}
      >
        <RefreshCwIcon className={props.refreshing ? "animate-spin" : undefined} />
      </Button>
    </div>
  );
}
