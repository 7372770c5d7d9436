"use client";

import { useMemo, useState } from "react";
import { useMutation } from "@tanstack/react-query";
import type { Prompt } from "@modelcontextprotocol/sdk/types.js";
import { PlayIcon } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { RawJson } from "@/components/elements/raw-json";
import { CompletionInput } from "@/components/elements/completion/completion-input";
import { QueryError } from "@/components/elements/query-error";
import { promptApi } from "@/lib/queries/prompts";
import { formatDuration, plural } from "@/lib/format";
import { PromptMessages } from "./prompt-messages";
import { missingRequired, promptArguments } from "./prompt-args";
import { SafeText } from "@/components/ui/safe-text";

export interface PromptFormProps {
  connectionId: string;
  prompt: Prompt;
  completions: boolean;
}

/** Argument form (required marked, suggestions per argument), Get prompt, and its messages. */
export function PromptForm({ connectionId, prompt, completions }: PromptFormProps) {
  const args = prompt.arguments ?? [];
  const [values, setValues] = useState<Record<string, string>>({});
  const [raw, setRaw] = useState(false);
  const [tried, setTried] = useState(false);
  const filled = useMemo(() => promptArguments(args, values), [args, values]);
  const missing = missingRequired(args, values);
  const get = useMutation({ mutationFn: () => promptApi.get(connectionId, { name: prompt.name, arguments: filled }) });

  return (
    <div className="flex flex-col gap-4" data-testid="prompt-detail" data-prompt={prompt.name}>
      <header className="flex flex-col gap-1">
        <h2 className="flex flex-wrap items-center gap-2 text-sm font-semibold">
          <SafeText text={prompt.title ?? prompt.name} />
          {prompt.title && prompt.title !== prompt.name && (
            <SafeText text={prompt.name} className="font-mono text-xs font-normal text-muted-foreground" />
          )}
        </h2>
        {prompt.description && <p className="text-xs">{prompt.description}</p>}
      </header>
      <form
        className="flex flex-col gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          setTried(true);
          if (missing.length === 0) get.mutate();
        }}
      >
        {args.length === 0 && <p className="text-xs text-muted-foreground">This prompt takes no arguments.</p>}
        {args.map((arg) => (
          <div key={arg.name} className="flex flex-col gap-1">
            <Label className="flex items-center gap-1 font-mono text-xs">
              {arg.name}
              {arg.required ? (
                <span className="text-destructive" title="required" data-testid="arg-required">
                  *
                </span>
              ) : (
                <span className="font-sans text-[10px] font-normal text-muted-foreground">optional</span>
              )}
            </Label>
            {arg.description && <span className="text-[11px] text-muted-foreground">{arg.description}</span>}
            <CompletionInput
              connectionId={connectionId}
              completionRef={{ type: "ref/prompt", name: prompt.name }}
              name={arg.name}
              value={values[arg.name] ?? ""}
              onChange={(v) => setValues((prev) => ({ ...prev, [arg.name]: v }))}
              context={filled}
              completions={completions}
              required={arg.required}
            />
            {tried && missing.includes(arg.name) && (
              <span className="text-[11px] text-destructive" data-testid="arg-missing">
                {arg.name} is required
              </span>
            )}
          </div>
        ))}
        <Button type="submit" size="sm" className="self-start" data-testid="get-prompt" disabled={get.isPending}>
          <PlayIcon /> {get.isPending ? "Getting…" : "Get prompt"}
        </Button>
      </form>
      {get.isError && <QueryError title="prompts/get failed" error={get.error} />}
      {get.data && (
        <section className="flex flex-col gap-2" data-testid="prompt-result">
          <div className="flex flex-wrap items-center gap-2 text-[11px] text-muted-foreground">
            <span>
              {plural(get.data.result.messages.length, "message")} · {formatDuration(get.data.ms)}
            </span>
            {Object.keys(get.data.arguments).length > 0 && (
              <span className="flex flex-wrap gap-1">
                {Object.entries(get.data.arguments).map(([k, v]) => (
                  <Badge key={k} variant="outline" className="font-mono">
                    {k}={v}
                  </Badge>
                ))}
              </span>
            )}
            <Button size="xs" variant="ghost" aria-pressed={raw} data-testid="prompt-raw-toggle" onClick={() => setRaw((r) => !r)}>
              {raw ? "Conversation" : "Raw JSON"}
            </Button>
          </div>
          {get.data.result.description && <p className="text-xs">{get.data.result.description}</p>}
          {raw ? (
            <RawJson value={get.data.result} filename={`${prompt.name}.json`} />
          ) : (
            <PromptMessages messages={get.data.result.messages} />
          )}
        </section>
      )}
    </div>
  );
}
