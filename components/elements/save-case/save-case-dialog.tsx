"use client";

import { useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { ASSERTION_LABEL, type AssertionType, type CaseSource } from "@/lib/contracts/testing";
import { suitesQuery } from "@/lib/queries/testing";
import { useSaveCase, type SavedCase } from "@/hooks/use-testing";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { NativeSelect } from "@/components/ui/native-select";
import { BusyButton } from "@/components/elements/busy-button";
import { Field } from "@/components/elements/field";
import { QueryError } from "@/components/elements/query-error";
import { CheckField } from "./check-field";
import { SAVE_CASE_LABEL } from "./label";

/** The kinds offered to start with; those that do not apply to what was recorded are left out when it is saved. */
const STARTING_KINDS: readonly AssertionType[] = ["structural", "is_error", "latency", "contains", "trajectory", "final_response"];
const NEW_SUITE = "\u0000new";

export interface SaveCaseDialogProps {
  source: CaseSource;
  /** The case's name as offered ("echo · 12:03:04"). */
  defaultName: string;
  /** The kinds ticked at first (what this kind of record is best checked by). */
  startWith: readonly AssertionType[];
  onClose: () => void;
  /** Saved: the case and its suite (the caller offers to open it). */
  onSaved: (saved: SavedCase) => void;
}

/** Save as case: a name, a suite (an existing one or a new one), the assertions to start with. */
export function SaveCaseDialog({ source, defaultName, startWith, onClose, onSaved }: SaveCaseDialogProps) {
  const suites = useQuery(suitesQuery());
  const save = useSaveCase();
  const [name, setName] = useState(defaultName);
  const [suiteId, setSuiteId] = useState<string | null>(null);
  const [suiteName, setSuiteName] = useState("My tests");
  const [kinds, setKinds] = useState<readonly AssertionType[]>(startWith);
  const chosen = suiteId ?? suites.data?.[0]?.id ?? NEW_SUITE;
  const isNew = chosen === NEW_SUITE;
  const nameError = name.trim() ? undefined : "A name for the case";
  const suiteError = isNew && !suiteName.trim() ? "A name for the new suite" : undefined;

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent data-testid="save-case-dialog">
        <DialogHeader>
          <DialogTitle>{SAVE_CASE_LABEL}</DialogTitle>
          <DialogDescription>
            The case keeps the inputs, the answers given at each pause and what came back, to run again later or in CI.
          </DialogDescription>
        </DialogHeader>
        <form
          className="grid gap-3"
          onSubmit={(e) => {
            e.preventDefault();
            if (nameError || suiteError) return;
            save.mutate(
              { source, name: name.trim(), suite: isNew ? { name: suiteName.trim() } : { id: chosen }, kinds },
              { onSuccess: onSaved },
            );
          }}
        >
          <Field id="case-name" label="Name" error={nameError}>
            <Input id="case-name" value={name} onChange={(e) => setName(e.target.value)} data-testid="case-name-input" />
          </Field>
          <Field id="case-suite" label="Suite">
            <NativeSelect id="case-suite" value={chosen} onChange={(e) => setSuiteId(e.target.value)} data-testid="case-suite">
              {(suites.data ?? []).map((s) => (
                <option key={s.id} value={s.id}>
                  {s.name}
                </option>
              ))}
              <option value={NEW_SUITE}>New suite…</option>
            </NativeSelect>
          </Field>
          {suites.isError && <QueryError title="Could not load the suites" error={suites.error} />}
          {isNew && (
            <Field id="new-suite" label="New suite's name" error={suiteError}>
              <Input id="new-suite" value={suiteName} onChange={(e) => setSuiteName(e.target.value)} data-testid="new-suite-name" />
            </Field>
          )}
          <fieldset className="grid gap-2">
            <legend className="mb-1 text-xs font-medium">Start with these assertions (edit them in the Tests view)</legend>
            <div className="grid gap-2 sm:grid-cols-2">
              {STARTING_KINDS.map((k) => (
                <CheckField
                  key={k}
                  id={`start-${k}`}
                  label={ASSERTION_LABEL[k]}
                  checked={kinds.includes(k)}
                  onChange={(on) => setKinds(on ? [...kinds, k] : kinds.filter((x) => x !== k))}
                />
              ))}
            </div>
          </fieldset>
          {save.isError && <QueryError title="The case was not saved" error={save.error} />}
          <DialogFooter>
            <Button type="button" variant="ghost" onClick={onClose}>
              Cancel
            </Button>
            <BusyButton type="submit" busy={save.isPending} disabled={Boolean(nameError || suiteError)} data-testid="save-case-submit">
              Save case
            </BusyButton>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
