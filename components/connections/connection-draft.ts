import { ConnectionInput } from "@/lib/contracts/connections";
import type { ConnectionView, TransportKind } from "@/lib/contracts/connections";
import { joinCommandLine, splitCommandLine } from "@/lib/shell-split";

export interface KeyValueRow {
  key: string;
  value: string;
}

/** The add/edit form's state: text fields as typed, converted to ConnectionInput on submit. */
export interface ConnectionDraft {
  name: string;
  transport: TransportKind;
  command: string;
  /** One line, split like a shell (quotes respected) into args. */
  args: string;
  env: KeyValueRow[];
  cwd: string;
  url: string;
  headers: KeyValueRow[];
  requestTimeoutMs: string;
}

export type DraftField = keyof ConnectionDraft;

export type DraftResult =
  | { ok: true; input: ConnectionInput }
  | { ok: false; errors: Partial<Record<DraftField, string>> };

export function emptyDraft(): ConnectionDraft {
  return {
    name: "",
    transport: "stdio",
    command: "",
    args: "",
    env: [],
    cwd: "",
    url: "",
    headers: [],
    requestTimeoutMs: "60000",
  };
}

/** Secrets arrive masked (SECRET_MASK); sent back unchanged they tell the server to keep them. */
export function draftFromView(view: ConnectionView): ConnectionDraft {
  const d = emptyDraft();
  d.name = view.name;
  d.transport = view.transport;
  d.requestTimeoutMs = String(view.requestTimeoutMs);
  if (view.transport === "stdio") {
    d.command = view.command;
    d.args = joinCommandLine(view.args);
    d.env = toRows(view.env);
    d.cwd = view.cwd ?? "";
  } else {
    d.url = view.url;
    d.headers = toRows(view.headers);
  }
  return d;
}

export function draftToInput(d: ConnectionDraft): DraftResult {
  const errors: Partial<Record<DraftField, string>> = {};
  let command = d.command.trim();
  let args: string[] = [];
  try {
    args = splitCommandLine(d.args);
    // A pasted "npx -y some-server" in the command field is the common case: split it too.
    if (/\s/.test(command)) {
      const words = splitCommandLine(command);
      command = words[0] ?? "";
      args = [...words.slice(1), ...args];
    }
  } catch (e) {
    errors[/\s/.test(command) && d.args.trim() === "" ? "command" : "args"] = (e as Error).message;
  }
  const timeout = Number(d.requestTimeoutMs);
  const common = { name: d.name, requestTimeoutMs: d.requestTimeoutMs.trim() === "" ? undefined : timeout };
  const candidate =
    d.transport === "stdio"
      ? {
          ...common,
          transport: "stdio" as const,
          command,
          args,
          env: fromRows(d.env, "env", errors),
          cwd: d.cwd.trim() || undefined,
        }
      : { ...common, transport: d.transport, url: d.url.trim(), headers: fromRows(d.headers, "headers", errors) };

  const parsed = ConnectionInput.safeParse(candidate);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? "name") as DraftField;
      errors[field] ??= issue.message;
    }
  }
  if (Object.keys(errors).length > 0 || !parsed.success) return { ok: false, errors };
  return { ok: true, input: parsed.data };
}

function toRows(record: Record<string, string>): KeyValueRow[] {
  return Object.entries(record).map(([key, value]) => ({ key, value }));
}

function fromRows(
  rows: KeyValueRow[],
  field: "env" | "headers",
  errors: Partial<Record<DraftField, string>>,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const { key, value } of rows) {
    const k = key.trim();
    if (!k && !value) continue; // an empty row left by "add" is not an error
    if (!k) errors[field] = "Every value needs a name";
    else if (k in out) errors[field] = `"${k}" appears twice`;
    else out[k] = value;
  }
  return out;
}
