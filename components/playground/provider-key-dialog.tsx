"use client";

import { useState } from "react";
import type { ProviderStatus } from "@/lib/contracts/playground";
import { useProviderKeys } from "@/hooks/use-playground";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { QueryError } from "@/components/elements/query-error";
import { keyStatusText, PROVIDER_LABEL } from "@/components/playground/labels";

export interface ProviderKeyDialogProps {
  status: ProviderStatus;
  onClose: () => void;
}

/**
 * Enter or forget a provider's key. The stored key never comes back from the server: the field
 * starts empty and only says where the current key comes from and its last four characters.
 */
export function ProviderKeyDialog({ status, onClose }: ProviderKeyDialogProps) {
  const { save, forget } = useProviderKeys();
  // Opened by a plain button, not a DialogTrigger: Radix has nothing to return focus to on close.
  const [opener] = useState(() =>
    typeof document !== "undefined" && document.activeElement instanceof HTMLElement ? document.activeElement : null,
  );
  const [apiKey, setApiKey] = useState("");
  const [baseUrl, setBaseUrl] = useState(status.baseUrl ?? "");
  const compatible = status.provider === "openai-compatible";
  const urlBad = baseUrl.trim() !== "" && !URL.canParse(baseUrl.trim());
  const canSave = !urlBad && (apiKey.trim() !== "" || (compatible && baseUrl.trim() !== (status.baseUrl ?? "")));

  const submit = () => {
    if (!canSave) return;
    const input = {
      ...(apiKey.trim() ? { apiKey: apiKey.trim() } : {}),
      ...(compatible && baseUrl.trim() ? { baseUrl: baseUrl.trim() } : {}),
    };
    save.mutate({ provider: status.provider, input }, { onSuccess: onClose });
  };

  return (
    <Dialog open onOpenChange={(o) => !o && onClose()}>
      <DialogContent
        data-testid="pg-key-dialog"
        onCloseAutoFocus={(e) => {
          if (!opener?.isConnected) return;
          e.preventDefault();
          opener.focus();
        }}
      >
        <DialogHeader>
          <DialogTitle>{PROVIDER_LABEL[status.provider]} key</DialogTitle>
          <DialogDescription>
            Now: <span data-testid="pg-key-dialog-status">{keyStatusText(status)}</span>. A key entered here is stored by Loupe on this
            machine and wins over the environment; it is never shown again.
          </DialogDescription>
        </DialogHeader>
        <form
          className="flex flex-col gap-3"
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <div className="flex flex-col gap-1">
            <Label htmlFor="pg-api-key">API key</Label>
            <Input
              id="pg-api-key"
              data-testid="pg-key-input"
              type="password"
              autoComplete="off"
              placeholder={status.keySource === "none" ? "Paste the key" : "Paste a new key to replace it"}
              value={apiKey}
              onChange={(e) => setApiKey(e.target.value)}
            />
          </div>
          {compatible && (
            <div className="flex flex-col gap-1">
              <Label htmlFor="pg-key-base-url">Base URL (Ollama, LM Studio, vLLM…)</Label>
              <Input
                id="pg-key-base-url"
                value={baseUrl}
                placeholder="http://127.0.0.1:11434/v1"
                aria-invalid={urlBad || undefined}
                onChange={(e) => setBaseUrl(e.target.value)}
              />
              {urlBad && <p className="text-xs text-destructive">Not a URL.</p>}
            </div>
          )}
          {save.error && <QueryError title="Could not save the key" error={save.error} />}
          {forget.error && <QueryError title="Could not forget the key" error={forget.error} />}
          <DialogFooter className="flex flex-wrap gap-2">
            {status.keySource === "settings" && (
              <Button
                type="button"
                variant="outline"
                data-testid="pg-key-forget"
                disabled={forget.isPending}
                onClick={() => forget.mutate(status.provider, { onSuccess: onClose })}
              >
                Forget the stored key
              </Button>
            )}
            <Button type="submit" data-testid="pg-key-save" disabled={!canSave || save.isPending}>
              {save.isPending ? "Saving…" : "Save"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
