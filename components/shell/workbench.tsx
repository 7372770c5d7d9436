"use client";

import { Fragment, type ReactNode } from "react";
import type { WorkbenchLocation } from "@/lib/workbench/location";
import { useEventStream } from "@/hooks/use-event-stream";
import { useWorkbenchLocation } from "@/hooks/use-workbench-location";
import { LiveIndicator } from "@/components/shell/live-indicator";
import { useLanding } from "@/components/shell/use-landing";
import { MAIN_PANES, SIDEBAR_SECTIONS, WORKBENCH_PROVIDERS } from "@/components/protocols/registry";
import { InboxLink, InboxMain } from "@/components/inbox";
import { BundlesMain } from "@/components/bundles/bundles-main";
import { BundlesNav } from "@/components/bundles/bundles-nav";
import { TestsNavigationContext } from "@/components/elements/save-case";
import { TestsLink, TestsMain } from "@/components/testing";
import { AuditLink, AuditMain, RoleBanner, RoleProvider, WhoAmI } from "@/components/people";
import { PaletteLauncher } from "@/components/command-palette/palette-launcher";
import { ThemeToggle } from "@/components/shell/theme-toggle";
import { DemoOffers } from "@/components/shell/demo-offer";
import { SessionSearchLauncher } from "@/components/session-search/session-search-launcher";
import { StorageBanner, StorageStatus } from "@/components/shell/storage";

/** The core views' panes, before the protocols' (whose last, the servers, is the default). */
const PANES = [
  { Pane: InboxMain, opens: (l: WorkbenchLocation) => l.view === "inbox" },
  { Pane: BundlesMain, opens: (l: WorkbenchLocation) => l.view === "bundles" },
  { Pane: TestsMain, opens: (l: WorkbenchLocation) => l.view === "tests" },
  { Pane: AuditMain, opens: (l: WorkbenchLocation) => l.view === "audit" },
  ...MAIN_PANES,
];

/**
 * The workbench: every protocol's sidebar section and the imported bundles on the left; on the
 * right the pane of what the URL opens. Each protocol's parts come from its descriptor
 * (components/protocols/registry.tsx); the shell names none of them.
 */
export function Workbench() {
  const stream = useEventStream();
  const [location, navigate] = useWorkbenchLocation();
  useLanding({ location, navigate });
  const Main = PANES.find((p) => p.opens(location))?.Pane;

  const page = (
    <div className="flex h-dvh flex-col bg-background text-foreground">
      <header className="flex h-10 shrink-0 items-center justify-between border-b px-3">
        <div className="flex items-baseline gap-2">
          <span className="text-sm font-semibold">Loupe</span>
          <span className="text-xs text-muted-foreground">inspector for agents and MCP servers</span>
        </div>
        <div className="flex items-center gap-2">
          <WhoAmI />
          <StorageStatus />
          <PaletteLauncher navigate={navigate} />
          <ThemeToggle />
          <LiveIndicator status={stream} />
        </div>
      </header>
      <StorageBanner />
      <RoleBanner />
      <div className="flex min-h-0 flex-1">
        <aside className="flex w-56 shrink-0 flex-col overflow-y-auto border-r bg-muted/30 lg:w-64" data-testid="sidebar">
          {/* The core places every protocol feeds: the one inbox, the tests and the session search. */}
          <InboxLink active={location.view === "inbox"} onOpen={() => navigate({ view: "inbox" })} />
          <TestsLink active={location.view === "tests"} onOpen={() => navigate({ view: "tests" })} />
          <AuditLink active={location.view === "audit"} onOpen={() => navigate({ view: "audit" })} />
          <SessionSearchLauncher navigate={navigate} />
          {/* Each section, then the demos of its protocol this install cannot run (the npm package's heavy ones). */}
          {SIDEBAR_SECTIONS.map(({ id, Section }) => (
            <Fragment key={id}>
              <Section location={location} navigate={navigate} />
              <DemoOffers protocol={id} />
            </Fragment>
          ))}
          <BundlesNav location={location} navigate={navigate} />
        </aside>
        <main className="flex min-w-0 flex-1 flex-col [overflow-wrap:anywhere]">
          {Main && <Main location={location} navigate={navigate} />}
        </main>
      </div>
    </div>
  );
  const framed = WORKBENCH_PROVIDERS.reduceRight<ReactNode>(
    (children, Provider) => <Provider navigate={navigate}>{children}</Provider>,
    page,
  );
  return (
    <RoleProvider>
      <TestsNavigationContext.Provider value={navigate}>{framed}</TestsNavigationContext.Provider>
    </RoleProvider>
  );
}
