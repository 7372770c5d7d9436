"use client";

import { useId, useState } from "react";
import { KeyRoundIcon } from "lucide-react";
import { PROVIDER_IDS } from "@/lib/contracts/playground";
import { PlaygroundProvider, type ColumnConfig, type ProviderStatus } from "@/lib/contracts/playground";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { NativeSelect } from "@/components/ui/native-select";
import { keyStatusText, offersStrict, PROVIDER_LABEL } from "@/components/playground/labels";
import { cn } from "@/lib/cn";

export interface ColumnSetupProps {
  /** "Column 2" when there are several. */
  label: string;
  config: ColumnConfig;
  providers: ProviderStatus[];
  onChange: (config: ColumnConfig) => void;
  onOpenKeys: (provider: PlaygroundProvider) => void;
}

/** Provider, model (suggested or typed), base URL and strict mode of one column, with where its key comes from. */
export function ColumnSetup({ label, config, providers, onChange, onOpenKeys }: ColumnSetupProps) {
  const id = useId();
  const status = providers.find((p) => p.provider === config.provider);
  const [model, setModel] = useState(config.model);
  const [baseUrl, setBaseUrl] = useState(config.baseUrl ?? "");
  const [urlError, setUrlError] = useState<string | null>(null);

  const pickProvider = (provider: PlaygroundProvider) => {
    const next = providers.find((p) => p.provider === provider);
    const m = next?.suggestedModels[0] ?? config.model;
    setModel(m);
    setBaseUrl(next?.baseUrl ?? "");
    onChange({
      ...config,
      provider,
      model: m,
      baseUrl: provider === "openai-compatible" ? next?.baseUrl : undefined,
      strict: offersStrict(provider) && config.strict,
    });
  };
  const commitModel = () => {
    const m = model.trim();
    if (m && m !== config.model) onChange({ ...config, model: m });
    else setModel(config.model);
  };
  const commitUrl = () => {
    const u = baseUrl.trim();
    if (u === (config.baseUrl ?? "")) return;
    if (u && !URL.canParse(u)) return setUrlError("Not a URL (e.g. http://127.0.0.1:11434/v1)");
    setUrlError(null);
    onChange({ ...config, baseUrl: u || undefined });
  };
  const keyMissing = status?.keySource === "none";

  return (
    <fieldset className="flex min-w-0 flex-col gap-1.5 rounded-md border p-2" data-testid="pg-column-setup" data-provider={config.provider}>
      <legend className="px-1 text-[11px] font-medium text-muted-foreground">{label}</legend>
      <div className="grid grid-cols-[auto_1fr] items-center gap-x-2 gap-y-1.5 text-xs">
        <label htmlFor={`${id}-p`}>Provider</label>
        <NativeSelect
          id={`${id}-p`}
          data-testid="pg-provider"
          value={config.provider}
          onChange={(e) => pickProvider(PlaygroundProvider.parse(e.target.value))}
        >
          {PROVIDER_IDS.map((p) => (
            <option key={p} value={p}>
              {PROVIDER_LABEL[p]}
            </option>
          ))}
        </NativeSelect>
        <label htmlFor={`${id}-m`}>Model</label>
        <Input
          id={`${id}-m`}
          data-testid="pg-model"
          list={`${id}-models`}
          className="h-8 font-mono text-xs"
          value={model}
          onChange={(e) => setModel(e.target.value)}
          onBlur={commitModel}
          onKeyDown={(e) => e.key === "Enter" && commitModel()}
        />
        <datalist id={`${id}-models`}>
          {(status?.suggestedModels ?? []).map((m) => (
            <option key={m} value={m} />
          ))}
        </datalist>
        {config.provider === "openai-compatible" && (
          <>
            <label htmlFor={`${id}-u`}>Base URL</label>
            <Input
              id={`${id}-u`}
              data-testid="pg-base-url"
              className="h-8 font-mono text-xs"
              placeholder="http://127.0.0.1:11434/v1"
              value={baseUrl}
              aria-invalid={urlError ? true : undefined}
              onChange={(e) => setBaseUrl(e.target.value)}
              onBlur={commitUrl}
            />
          </>
        )}
      </div>
      {urlError && <p className="text-xs text-destructive">{urlError}</p>}
      {offersStrict(config.provider) && (
        <label
          className="flex items-center gap-1.5 text-xs"
          title="OpenAI strict function calling: declarations from Portability's openai-strict target"
        >
          <input
            type="checkbox"
            data-testid="pg-strict"
            checked={config.strict}
            onChange={(e) => onChange({ ...config, strict: e.target.checked })}
          />
          Strict function calling
        </label>
      )}
      <div className="flex items-center gap-2 text-xs">
        <span
          data-testid="pg-key-status"
          data-source={status?.keySource ?? "unknown"}
          className={cn("min-w-0 flex-1 truncate", keyMissing ? "text-amber-700 dark:text-amber-300" : "text-muted-foreground")}
        >
          Key: {keyStatusText(status)}
        </span>
        {config.provider !== "scripted" && (
          <Button size="xs" variant="outline" data-testid="pg-key-settings" onClick={() => onOpenKeys(config.provider)}>
            <KeyRoundIcon /> Key…
          </Button>
        )}
      </div>
    </fieldset>
  );
}
