import type { ReactNode } from "react";
import { Checkbox } from "@/components/ui/checkbox";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { ALL_METHODS, type TrafficFilter } from "@/lib/protocols/mcp/filter";
import { plural } from "@/lib/format";

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
  shown: number;
  total: number;
  /** Beside the count: the live panel's Export menu. */
  actions?: ReactNode;
}

/** Method filter, text search and visibility toggles of the traffic timeline. */
export function TrafficToolbar({ filter, methods, onChange, shown, total, actions }: TrafficToolbarProps) {
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
      <span className="ml-auto text-xs text-muted-foreground tabular-nums" data-testid="traffic-count">
        {shown === total ? plural(total, "row") : `${shown} of ${plural(total, "row")}`}
      </span>
      {actions}
    </div>
  );
}
