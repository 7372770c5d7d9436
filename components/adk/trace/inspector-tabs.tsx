"use client";

import { useState } from "react";
import type { ReactNode } from "react";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";

type InspectorTab = "event" | "model";

const TAB_LABEL: Record<InspectorTab, string> = { event: "Event", model: "Model call" };
const TABS: readonly InspectorTab[] = ["event", "model"];
const isTab = (v: string): v is InspectorTab => Object.hasOwn(TAB_LABEL, v);

export interface InspectorTabsProps {
  /** The event inspector. */
  event: ReactNode;
  /** The Model call tab's content; no tab when null (the user's own message). */
  modelCall: ReactNode | null;
}

/** Event | Model call above the inspector; the chosen tab stays while the user walks the events. */
export function InspectorTabs({ event, modelCall }: InspectorTabsProps) {
  const [tab, setTab] = useState<InspectorTab>("event");
  if (modelCall === null) return <>{event}</>;
  return (
    <Tabs value={tab} onValueChange={(v) => isTab(v) && setTab(v)} data-testid="inspector-tabs" className="min-w-0">
      <TabsList className="mx-3 mt-2">
        {TABS.map((t) => (
          <TabsTrigger key={t} value={t} data-testid={`inspector-tab-${t}`} className="text-xs">
            {TAB_LABEL[t]}
          </TabsTrigger>
        ))}
      </TabsList>
      <TabsContent value="event">{event}</TabsContent>
      <TabsContent value="model" className="min-w-0 p-3">
        {modelCall}
      </TabsContent>
    </Tabs>
  );
}
