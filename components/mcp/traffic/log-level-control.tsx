"use client";

import { useId } from "react";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { MCP_LOG_LEVELS } from "@/lib/protocols/mcp/types";

export interface LogLevelControlProps {
  /** The level last set with logging/setLevel; undefined when never set (the server's default). */
  level?: string;
  onChange: (level: string) => void;
  disabled?: boolean;
}

/** Picks the minimum level the server should send as notifications/message (logging/setLevel). */
export function LogLevelControl({ level, onChange, disabled }: LogLevelControlProps) {
  const id = useId();
  return (
    <div className="flex items-center gap-1.5">
      <Label htmlFor={id} className="text-xs font-normal">
        Log level
      </Label>
      <div className="w-40">
        <NativeSelect
          id={id}
          data-testid="log-level-control"
          value={level ?? ""}
          disabled={disabled}
          onChange={(e) => {
            if (e.target.value) onChange(e.target.value);
          }}
        >
          <option value="" disabled>
            server default
          </option>
          {MCP_LOG_LEVELS.map((l) => (
            <option key={l} value={l}>
              {l}
            </option>
          ))}
        </NativeSelect>
      </div>
    </div>
  );
}
