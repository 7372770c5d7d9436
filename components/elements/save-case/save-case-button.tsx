"use client";

import { useState } from "react";
import { FlaskConicalIcon } from "lucide-react";
import type { AssertionType, CaseSource } from "@/lib/contracts/testing";
import type { SavedCase } from "@/hooks/use-testing";
import { Button } from "@/components/ui/button";
import { SAVE_CASE_LABEL } from "./label";
import { SaveCaseDialog } from "./save-case-dialog";
import { useTestsNavigation } from "./tests-navigation";

export interface SaveCaseButtonProps {
  /** What was recorded, as its protocol names it (`{ protocol, from, ref }`: the driver makes the case from it). */
  source: CaseSource;
  defaultName: string;
  /** The assertions ticked at first; default: the recorded result and its error flag. */
  startWith?: readonly AssertionType[];
  size?: "xs" | "sm";
}

/** "Save as case" for anything recorded; each protocol's view places it where the user sees the record. */
export function SaveCaseButton({ source, defaultName, startWith = ["structural", "is_error"], size = "xs" }: SaveCaseButtonProps) {
  const navigate = useTestsNavigation();
  const [open, setOpen] = useState(false);
  const [saved, setSaved] = useState<SavedCase | null>(null);
  return (
    <>
      <Button size={size} variant="ghost" onClick={() => setOpen(true)} data-testid="save-as-case" title="Keep this as a case to run again">
        <FlaskConicalIcon /> {SAVE_CASE_LABEL}
      </Button>
      {saved && navigate && (
        <Button
          size={size}
          variant="link"
          data-testid="open-saved-case"
          onClick={() => navigate({ view: "tests", suiteId: saved.suiteId, caseId: saved.testCase.id })}
        >
          Open the case
        </Button>
      )}
      {open && (
        <SaveCaseDialog
          source={source}
          defaultName={defaultName}
          startWith={startWith}
          onClose={() => setOpen(false)}
          onSaved={(s) => {
            setOpen(false);
            setSaved(s);
          }}
        />
      )}
    </>
  );
}
