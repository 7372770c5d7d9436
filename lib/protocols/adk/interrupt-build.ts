/** Builds a tracked interrupt from the pause call that raised it, per kind (adk.md §6). */
import { field, rec, str, type JsonRecord } from "./guards";
import { interruptKey, type InterruptTracker, type Tracked } from "./interrupt-types";
import type { AdkEvent, AdkFunctionCall, InterruptKind } from "./types";

function describeScheme(scheme: JsonRecord | undefined): string {
  const type = scheme ? str(scheme.type) : undefined;
  if (!scheme || !type) return "a credential";
  if (type === "apiKey") {
    const name = str(scheme.name);
    const where = str(scheme.in);
    return `an API key${name ? ` "${name}"` : ""}${where ? ` in ${where}` : ""}`;
  }
  if (type === "oauth2") return "an OAuth2 sign-in";
  if (type === "openIdConnect") return "an OpenID Connect sign-in";
  if (type === "http") return `HTTP ${str(scheme.scheme) ?? "auth"} credentials`;
  return `a ${type} credential`;
}

export function buildInterrupt(ev: AdkEvent, call: AdkFunctionCall, kind: InterruptKind, t: InterruptTracker): Tracked {
  const base = {
    id: call.id,
    key: interruptKey(ev.id || `${ev.invocationId}#${t.byKey.size}`, call.id),
    connectionId: "",
    sessionKey: "",
    status: "pending" as const,
    callName: call.name,
    eventId: ev.id,
    invocationId: ev.invocationId,
    author: ev.author,
    createdAt: ev.timestamp,
    turn: t.userTurns,
    ...(ev.nodeInfo ? { nodePath: ev.nodeInfo.path } : {}),
  };
  const args = call.args;
  switch (kind) {
    case "confirmation": {
      const orig = rec(field(args, "originalFunctionCall"));
      const conf = rec(field(args, "toolConfirmation"));
      const origName = orig ? str(orig.name) : undefined;
      const originalCall = orig && origName ? { id: str(orig.id) ?? "", name: origName, args: rec(orig.args) ?? {} } : null;
      const hint = conf ? str(conf.hint) : undefined;
      // The tool's own suggested payload wins; otherwise pre-fill with the call's args like adk-web.
      const payload = conf && conf.payload !== undefined ? conf.payload : originalCall?.args;
      return {
        ...base,
        kind,
        originalCall,
        prompt: hint ?? `Approve the call to ${origName ?? "a tool"}?`,
        ...(hint !== undefined ? { hint } : {}),
        ...(payload !== undefined ? { payload } : {}),
      };
    }
    case "input": {
      const message = str(args.message);
      const interruptId = str(field(args, "interruptId"));
      const schema = field(args, "responseSchema");
      return {
        ...base,
        kind,
        prompt: message ?? "The agent asks for input.",
        ...(message !== undefined ? { message } : {}),
        ...(interruptId !== undefined ? { interruptId } : {}),
        ...(schema !== undefined ? { schema } : {}),
        ...(args.payload !== undefined ? { payload: args.payload } : {}),
      };
    }
    case "credential": {
      const authConfig = rec(field(args, "authConfig")) ?? {};
      const functionCallId = str(field(args, "functionCallId"));
      const scheme = rec(field(authConfig, "authScheme"));
      const exchanged = rec(field(authConfig, "exchangedAuthCredential"));
      const oauth2 = exchanged ? rec(exchanged.oauth2) : undefined;
      const authUri = oauth2 ? str(field(oauth2, "authUri")) : undefined;
      const credentialKey = str(field(authConfig, "credentialKey"));
      const schemeType = scheme ? str(scheme.type) : undefined;
      const tool = functionCallId ? t.callNames.get(functionCallId) : undefined;
      const message = str(args.message);
      return {
        ...base,
        kind,
        authConfig,
        argSpelling: "function_call_id" in args || "auth_config" in args ? "snake" : "camel",
        prompt: message ?? `${tool ?? "A tool"} needs ${describeScheme(scheme)}.`,
        payload: authConfig,
        ...(functionCallId !== undefined ? { functionCallId } : {}),
        ...(schemeType !== undefined ? { schemeType } : {}),
        ...(authUri !== undefined ? { authUri } : {}),
        ...(credentialKey !== undefined ? { credentialKey } : {}),
      };
    }
    case "long_running":
      return {
        ...base,
        kind,
        args,
        payload: args,
        prompt: `Long-running tool ${call.name} is waiting for its result.`,
      };
  }
}
