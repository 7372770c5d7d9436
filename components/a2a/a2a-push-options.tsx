import { Input } from "@/components/ui/input";
import { Switch } from "@/components/ui/switch";

/** What the composer holds for a push config sent with the message (issue 23). */
export interface PushDraft {
  on: boolean;
  /** Empty: Loupe's own receiver (`/a2a-push/<id>`, with a per-task token Loupe makes and checks). */
  url: string;
  /** Only for a URL of the user's own. */
  token: string;
}

export const EMPTY_PUSH: PushDraft = { on: false, url: "", token: "" };

/** Where the push URL is not an http(s) URL, what to say; null when it is fine (or empty). */
export function pushUrlProblem(url: string): string | null {
  const u = url.trim();
  if (u === "") return null;
  return /^https?:\/\/\S+$/.test(u) ? null : "An http(s) URL, or empty for Loupe's own receiver";
}

/** The body's `push`, from the draft (undefined when off). */
export function pushBody(draft: PushDraft): { url?: string; token?: string } | undefined {
  if (!draft.on) return undefined;
  const url = draft.url.trim();
  if (url === "") return {};
  return { url, ...(draft.token !== "" ? { token: draft.token } : {}) };
}

export interface A2aPushOptionsProps {
  /** The card declares capabilities.pushNotifications: only then can a push config ride the send. */
  canPush: boolean;
  draft: PushDraft;
  onDraft: (draft: PushDraft) => void;
}

/** Push notifications for the task the message opens: Loupe's receiver by default, or a URL of the user's. */
export function A2aPushOptions({ canPush, draft, onDraft }: A2aPushOptionsProps) {
  const problem = pushUrlProblem(draft.url);
  return (
    <div className="flex min-w-0 grow flex-wrap items-center gap-x-3 gap-y-1.5 text-xs">
      <label
        className="flex items-center gap-1.5"
        title={canPush ? undefined : "The agent card does not declare capabilities.pushNotifications"}
      >
        <Switch
          checked={canPush && draft.on}
          disabled={!canPush}
          onCheckedChange={(on) => onDraft({ ...draft, on })}
          data-testid="a2a-push-toggle"
          aria-label="Push notifications"
        />
        Push notifications {canPush ? "" : "(not offered by the card)"}
      </label>
      {canPush && draft.on && (
        <>
          <Input
            className="h-7 min-w-56 flex-1 font-mono text-xs"
            value={draft.url}
            onChange={(e) => onDraft({ ...draft, url: e.target.value })}
            placeholder="Loupe's receiver: /a2a-push/<new id for this task>"
            aria-label="Push URL"
            aria-invalid={problem !== null || undefined}
            data-testid="a2a-push-url"
          />
          {draft.url.trim() !== "" && (
            <Input
              className="h-7 w-40 font-mono text-xs"
              value={draft.token}
              onChange={(e) => onDraft({ ...draft, token: e.target.value })}
              placeholder="token (optional)"
              aria-label="Push token"
              data-testid="a2a-push-token"
            />
          )}
          {problem && (
            <span className="basis-full text-destructive" role="alert">
              {problem}
            </span>
          )}
        </>
      )}
    </div>
  );
}
