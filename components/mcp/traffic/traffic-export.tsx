"use client";

import { useState } from "react";
import { DownloadIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { ExportBundleButton } from "@/components/elements/export-bundle-button";
import type { BundleUnitRef } from "@/lib/contracts/bundle";

/** `datetime-local` with milliseconds, in the browser's time zone (entries are ms apart). */
export function toLocalInput(ms: number): string {
  const d = new Date(ms);
  const pad = (n: number, w = 2) => String(n).padStart(w, "0");
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}.${pad(d.getMilliseconds(), 3)}`;
}

/** The ms a `datetime-local` value names (read as local time), or null when it names none. */
export function fromLocalInput(value: string): number | null {
  const ms = new Date(value).getTime();
  return value && Number.isFinite(ms) && ms >= 0 ? ms : null;
}

export interface TrafficExportMenuProps {
  connectionId: string;
  /** receivedAt of the first and last entries shown: the range's starting values. */
  firstAt?: number;
  lastAt?: number;
  /** Turns on the list's selection mode (the selection bar then offers the export). */
  onSelectRows: () => void;
}

/** The traffic's Export menu: all of it, a time range, or rows picked in the list — each as one bundle. */
export function TrafficExportMenu({ connectionId, firstAt, lastAt, onSelectRows }: TrafficExportMenuProps) {
  const [open, setOpen] = useState<null | "menu" | "range">(null);
  const [from, setFrom] = useState("");
  const [to, setTo] = useState("");
  const openRange = () => {
    setFrom(firstAt !== undefined ? toLocalInput(firstAt) : "");
    setTo(lastAt !== undefined ? toLocalInput(lastAt) : "");
    setOpen("range");
  };
  const fromMs = fromLocalInput(from);
  const toMs = fromLocalInput(to);
  const rangeError = fromMs === null || toMs === null ? "Enter both times" : fromMs > toMs ? "“From” is after “to”" : null;
  const rangeUnit: BundleUnitRef | null =
    rangeError === null ? { type: "mcp-traffic", connectionId, scope: { kind: "range", from: fromMs!, to: toMs! } } : null;

  return (
    <div className="relative" onKeyDown={(e) => e.key === "Escape" && setOpen(null)}>
      <Button
        size="xs"
        variant="outline"
        data-testid="traffic-export"
        aria-expanded={open !== null}
        onClick={() => setOpen((o) => (o ? null : "menu"))}
      >
        <DownloadIcon /> Export
      </Button>
      {open && (
        <div
          data-testid="traffic-export-menu"
          className="absolute top-full right-0 z-20 mt-1 flex w-[26rem] flex-col items-start gap-2 rounded-md border bg-popover p-2 text-xs shadow-md"
        >
          <ExportBundleButton
            unit={{ type: "mcp-traffic", connectionId, scope: { kind: "all" } }}
            label="All traffic"
            testId="traffic-export-all"
          />
          <Button size="xs" variant="outline" data-testid="traffic-export-range" aria-expanded={open === "range"} onClick={openRange}>
            Time range…
          </Button>
          {open === "range" && (
            <div className="flex w-full flex-col gap-1.5 rounded border p-2" data-testid="traffic-export-range-fields">
              <Label className="flex items-center justify-between gap-2 text-xs font-normal">
                From
                <Input
                  type="datetime-local"
                  step="0.001"
                  className="w-72"
                  data-testid="traffic-export-from"
                  value={from}
                  onChange={(e) => setFrom(e.target.value)}
                />
              </Label>
              <Label className="flex items-center justify-between gap-2 text-xs font-normal">
                To
                <Input
                  type="datetime-local"
                  step="0.001"
                  className="w-72"
                  data-testid="traffic-export-to"
                  value={to}
                  onChange={(e) => setTo(e.target.value)}
                />
              </Label>
              {rangeError && (
                <p className="text-destructive" data-testid="traffic-export-range-error">
                  {rangeError}
                </p>
              )}
              <ExportBundleButton unit={rangeUnit} label="Export this range" testId="traffic-export-range-go" />
            </div>
          )}
          <Button
            size="xs"
            variant="outline"
            data-testid="traffic-export-select"
            onClick={() => {
              onSelectRows();
              setOpen(null);
            }}
          >
            Selected rows…
          </Button>
        </div>
      )}
    </div>
  );
}
