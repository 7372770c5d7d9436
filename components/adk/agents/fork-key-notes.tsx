"use client";

import type { ForkPlan } from "@/lib/protocols/adk/fork";

export interface ForkKeyNotesProps {
  plan: ForkPlan;
  includeShared: boolean;
  onIncludeShared: (include: boolean) => void;
}

const keyList = (keys: string[]) =>
  keys.map((k) => (
    <code key={k} className="mr-1 rounded bg-muted px-1">
      {k}
    </code>
  ));

/** Which keys go to the new session: its own ones; app:/user: only when asked (they are shared); temp: never. */
export function ForkKeyNotes({ plan, includeShared, onIncludeShared }: ForkKeyNotesProps) {
  const shared = Object.keys(plan.shared);
  return (
    <div data-testid="fork-key-notes" className="flex flex-col gap-1.5 text-xs">
      <p>The keys above are this session&apos;s own: they go to the new session as written.</p>
      {shared.length > 0 && (
        <div data-testid="fork-shared" className="flex flex-col gap-1 rounded border p-1.5">
          <p>
            Shared keys {keyList(shared)}: <code>app:</code> keys are shared by every session of the app, <code>user:</code> keys by every
            session of this user. The new session reads their current values anyway.
          </p>
          <label className="flex items-start gap-1.5">
            <input
              type="checkbox"
              data-testid="fork-include-shared"
              checked={includeShared}
              onChange={(e) => onIncludeShared(e.target.checked)}
            />
            <span>Also write their values as of this event (this changes them for every session that shares them).</span>
          </label>
        </div>
      )}
      {plan.temp.length > 0 && (
        <p data-testid="fork-temp" className="text-muted-foreground">
          Not carried: {keyList(plan.temp)}(<code>temp:</code> keys last one invocation and are never persisted).
        </p>
      )}
    </div>
  );
}
