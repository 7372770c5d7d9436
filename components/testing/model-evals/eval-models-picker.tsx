"use client";

import { useId } from "react";
import { PlusIcon, XIcon } from "lucide-react";
import { PlaygroundProvider, PROVIDER_IDS, type ColumnConfig, type ProviderStatus } from "@/lib/contracts/playground";
import { MAX_EVAL_MODELS } from "@/lib/contracts/testing";
import { SCRIPTED_MODEL, unavailableReason } from "@/lib/workbench/model-evals";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { NativeSelect } from "@/components/ui/native-select";
import { PROVIDER_LABEL } from "@/lib/contracts/playground-labels";

export interface EvalModelsPickerProps {
  models: readonly ColumnConfig[];
  /** The playground's providers and where their keys come from: one without a key is shown unavailable, in words. */
  providers: readonly ProviderStatus[];
  onChange: (models: ColumnConfig[]) => void;
}

/** The models the eval runs on (at most three, the playground's columns), each with whether it can run. */
export function EvalModelsPicker({ models, providers, onChange }: EvalModelsPickerProps) {
  const id = useId();
  const set = (i: number, config: ColumnConfig) => onChange(models.map((m, j) => (j === i ? config : m)));
  return (
    <fieldset className="flex flex-col gap-1.5" data-testid="eval-models">
      <legend className="mb-1 text-xs font-medium">Models (the scripted model runs offline, with no key)</legend>
      {models.map((m, i) => {
        const status = providers.find((p) => p.provider === m.provider);
        const unavailable = unavailableReason(m, providers);
        return (
          <div key={i} className="flex flex-wrap items-center gap-2" data-testid="eval-model" data-available={unavailable === null}>
            <NativeSelect
              aria-label={`Model ${i + 1}: provider`}
              className="w-48"
              value={m.provider}
              onChange={(e) => {
                const provider = PlaygroundProvider.parse(e.target.value);
                const next = providers.find((p) => p.provider === provider);
                set(i, {
                  ...m,
                  provider,
                  model: next?.suggestedModels[0] ?? (provider === "scripted" ? "scripted" : m.model),
                  baseUrl: undefined,
                });
              }}
              data-testid="eval-model-provider"
            >
              {PROVIDER_IDS.map((p) => (
                <option key={p} value={p}>
                  {PROVIDER_LABEL[p]}
                  {unavailableReason({ provider: p }, providers) ? " (no key)" : ""}
                </option>
              ))}
            </NativeSelect>
            <Input
              aria-label={`Model ${i + 1}: model`}
              list={`${id}-${i}`}
              className="h-8 w-48 font-mono text-xs"
              value={m.model}
              onChange={(e) => set(i, { ...m, model: e.target.value })}
              data-testid="eval-model-name"
            />
            <datalist id={`${id}-${i}`}>
              {(status?.suggestedModels ?? []).map((s) => (
                <option key={s} value={s} />
              ))}
            </datalist>
            <span
              className={unavailable ? "text-xs text-amber-800 dark:text-amber-300" : "text-xs text-muted-foreground"}
              data-testid="eval-model-status"
            >
              {unavailable ?? "available"}
            </span>
            <Button
              type="button"
              size="icon"
              variant="ghost"
              className="size-7"
              aria-label={`Remove model ${i + 1}`}
              disabled={models.length === 1}
              onClick={() => onChange(models.filter((_, j) => j !== i))}
            >
              <XIcon />
            </Button>
          </div>
        );
      })}
      {models.length < MAX_EVAL_MODELS && (
        <Button
          type="button"
          size="xs"
          variant="outline"
          className="self-start"
          onClick={() => onChange([...models, SCRIPTED_MODEL])}
          data-testid="eval-add-model"
        >
          <PlusIcon /> Model
        </Button>
      )}
    </fieldset>
  );
}
