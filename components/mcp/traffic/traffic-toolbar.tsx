import type { ReactNode } from "react";
import { Checkbox } from "@/components/ui/checkbox";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { ALL_METHODS, type TrafficFilter } from "@/lib/protocols/mcp/filter";
import { formatCount, plural } from "@/lib/format";

type Toggle = "showNotifications" | "showLogs" | "showStderr";
const TOGGLES: { key: Toggle; label: string }[] = [
  { key: "showNotifications", label: "Notifications" },
  { key: "showLogs", label: "Logs" },
  { key: "showStderr", label: "stderr" },
];

export interface TrafficToolbarProps {
  filter: TrafficFilter;
  /** Methods present in the traffic, for the method select. */
  methods: string[];
  onChange: (filter: TrafficFilter) => void;
  /** Rows shown (after the filter) and in all. */
  shown: number;
  total: number;
  /** The recorded entries the rows are made of (a request and its response pair into one row). */
  entries: number;
  /** Beside the count: the live panel's Export menu. */
  actions?: ReactNode;
}

/** Method filter, text search and visibility toggles of the traffic timeline. */
export function TrafficToolbar({ filter, methods, onChange, shown, total, entries, actions }: TrafficToolbarProps) {
  return (
    <div className="flex flex-wrap items-center gap-2 border-b px-2 py-1.5">
      <div className="w-48">
        <NativeSelect
          data-testid="traffic-filter-method"
          aria-label="Filter by method"
          value={filter.method}
          onChange={(e) => onChange({ ...filter, method: e.target.value })}
        >
          <option value={ALL_METHODS}>All methods</option>
          {methods.map((m) => (
            <option key={m} value={m}>
              {m}
            </option>
          ))}
        </NativeSelect>
      </div>
      <Input
        data-testid="traffic-search"
        aria-label="Search traffic"
        type="search"
        placeholder="Search method or JSON…"
        className="w-56"
        value={filter.search}
        onChange={(e) => onChange({ ...filter, search: e.target.value })}
      />
      {TOGGLES.map(({ key, label }) => (
        <Label key={key} className="text-xs font-normal">
          <Checkbox
            data-testid={`traffic-toggle-${key}`}
            checked={filter[key]}
            onCheckedChange={(checked) => onChange({ ...filter, [key]: checked === true })}
          />
          {label}
        </Label>
      ))}
      {/* Rows and entries differ (the panel's header counts entries): say both, and how one makes the other. */}
      <span
        className="ml-auto text-xs text-muted-foreground tabular-nums"
        title="A request and its response are one row; a notification, a log or a stderr line is a row of its own."
      >
        <span data-testid="traffic-count">
          {shown === total ? plural(total, "row") : `${formatCount(shown)} of ${plural(total, "row")}`}
        </span>
        <span data-testid="traffic-count-entries"> from {plural(entries, "entry", "entries")}</span>
      </span>
      {actions}
    </div>
  );
}
