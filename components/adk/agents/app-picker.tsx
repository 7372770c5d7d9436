import { NativeSelect } from "@/components/ui/native-select";
import { revealHidden } from "@/lib/text/hidden-chars";

export interface AppPickerProps {
  /** `/list-apps` as last read by the server. */
  apps: string[];
  value: string | null;
  onChange: (app: string) => void;
}

/** Which agent app of the server to work with. */
export function AppPicker({ apps, value, onChange }: AppPickerProps) {
  return (
    <label className="flex items-center gap-2 text-xs text-muted-foreground">
      <span className="shrink-0">App</span>
      <span className="w-56 min-w-0 shrink">
        <NativeSelect
          data-testid="app-picker"
          aria-label="App"
          value={value ?? ""}
          disabled={apps.length === 0}
          onChange={(e) => onChange(e.target.value)}
          className="font-mono text-xs"
        >
          {value === null && <option value="">{apps.length ? "Choose an app…" : "No apps"}</option>}
          {value !== null && !apps.includes(value) && <option value={value}>{value} (not listed)</option>}
          {apps.map((app) => (
            <option key={app} value={app}>
              {revealHidden(app)}
            </option>
          ))}
        </NativeSelect>
      </span>
    </label>
  );
}
