// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import type { InterruptAnswer } from "@/lib/contracts/agents";
import { credentialResponse, longRunningResponse } from "@/lib/protocols/adk/answers";
import { requestMessage, sseEvents } from "@/lib/protocols/adk/test-fixtures";
import { InterruptCard } from "./interrupt-card";
import { itemFrom, itemsOf } from "./test-items";

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const type = (el: HTMLElement, value: string) => fireEvent.change(el, { target: { value } });
const button = (testId: string) => screen.getByTestId<HTMLButtonElement>(testId);

function setup(item: Parameters<typeof InterruptCard>[0]["item"]) {
  const onAnswer = vi.fn<(answer: InterruptAnswer) => void>();
  render(<InterruptCard item={item} onAnswer={onAnswer} />);
  return onAnswer;
}

const AUTH_URI = "https://accounts.example.com/o/oauth2/auth?client_id=loupe&state=st-1";
const OAUTH_CONFIG = {
  authScheme: {
    type: "oauth2",
    flows: {
      authorizationCode: {
        authorizationUrl: "https://accounts.example.com/o/oauth2/auth",
        tokenUrl: "https://accounts.example.com/token",
        scopes: {},
      },
    },
  },
  credentialKey: "calendar_oauth",
  exchangedAuthCredential: {
    authType: "oauth2",
    oauth2: { clientId: "loupe", authUri: AUTH_URI, state: "st-1", redirectUri: "http://localhost:8000/callback" },
  },
};

/** Capture 23 with its auth_config swapped for an OAuth2 one (no OAuth capture exists; adk.md §6.3 shape). */
function oauthEvents(): unknown[] {
  return sseEvents("23").map((ev) => {
    const copy = structuredClone(ev) as { content?: { parts?: { functionCall?: { name: string; args: Record<string, unknown> } }[] } };
    for (const part of copy.content?.parts ?? []) {
      if (part.functionCall?.name === "adk_request_credential") part.functionCall.args.auth_config = OAUTH_CONFIG;
    }
    return copy;
  });
}

describe("InterruptCard — credential", () => {
  it("23: an API key (snake_case args) is masked, can be shown, and becomes capture 24's request", () => {
    const item = itemFrom(["23"], "credential");
    const onAnswer = setup(item);
    expect(screen.getByTestId("credential-details").textContent).toContain("demo_api_key");
    const key = screen.getByTestId<HTMLInputElement>("api-key");
    expect(key.type).toBe("password");
    fireEvent.click(screen.getByTestId("toggle-api-key"));
    expect(key.type).toBe("text");
    expect(button("submit-credential").disabled).toBe(true);
    type(key, "sk-demo-123");
    fireEvent.click(button("submit-credential"));
    expect(onAnswer.mock.calls).toEqual([[{ kind: "credential", apiKey: "sk-demo-123" }]]);
    expect(credentialResponse(item, { apiKey: "sk-demo-123" })).toEqual(requestMessage("24"));
  });

  it("OAuth2: opens the authUri in a new tab and sends the pasted redirect URL once it is a URL", () => {
    const [item] = itemsOf(oauthEvents());
    if (item?.kind !== "credential") throw new Error("no credential");
    expect(item).toMatchObject({ schemeType: "oauth2", authUri: AUTH_URI });
    const open = vi.spyOn(window, "open").mockReturnValue(null);
    const onAnswer = setup(item);
    expect(screen.queryByTestId("api-key")).toBeNull();
    fireEvent.click(screen.getByTestId("open-auth-uri"));
    expect(open).toHaveBeenCalledWith(AUTH_URI, "_blank", "noopener,noreferrer");
    expect(screen.getByTestId<HTMLInputElement>("redirect-uri").value).toBe("http://localhost:8000/callback");
    type(screen.getByTestId("auth-response-uri"), "code=abc");
    expect(screen.getByTestId("auth-response-error")).toBeTruthy();
    expect(button("submit-credential").disabled).toBe(true);
    const redirected = "http://localhost:8000/callback?code=abc&state=st-1";
    type(screen.getByTestId("auth-response-uri"), redirected);
    expect(screen.queryByTestId("auth-response-error")).toBeNull();
    fireEvent.click(button("submit-credential"));
    expect(onAnswer.mock.calls).toEqual([
      [{ kind: "credential_oauth", authResponseUri: redirected, redirectUri: "http://localhost:8000/callback" }],
    ]);
  });
});

describe("InterruptCard — long-running", () => {
  it("22: prefilled with status done over the interim response; the edited result is capture 23's request", () => {
    const item = itemFrom(["22"], "long_running");
    const onAnswer = setup(item);
    expect(screen.getByTestId("interrupt-card").dataset.kind).toBe("long_running");
    expect(screen.getByTestId("long-running-call").textContent).toContain("start_job");
    expect(screen.getByTestId("interim-response").textContent).toContain('"ticket": "T-42"');
    const editor = screen.getByTestId<HTMLTextAreaElement>("long-running-response");
    expect(JSON.parse(editor.value)).toEqual({ status: "done", jobName: "nightly-report", ticket: "T-42" });
    type(editor, '{"status": "done", "ticket": "T-42"');
    expect(button("submit-long-running").disabled).toBe(true);
    type(editor, '{"status": "done", "ticket": "T-42", "rows": 1234}');
    fireEvent.click(button("submit-long-running"));
    const response = { status: "done", ticket: "T-42", rows: 1234 };
    expect(onAnswer.mock.calls).toEqual([[{ kind: "long_running", response }]]);
    expect(longRunningResponse(item, response)).toEqual(requestMessage("23"));
  });
});

describe("InterruptCard — a reused call id", () => {
  it("the next request of a gate run again starts with an empty form, not the previous draft", () => {
    const first = itemFrom(["51"], "credential", { appName: "workflow_demo", sessionId: "w1" });
    const { rerender } = render(<InterruptCard item={first} onAnswer={vi.fn()} />);
    type(screen.getByTestId("api-key"), "typed-for-the-first-run");
    expect(screen.getByTestId<HTMLInputElement>("api-key").value).toBe("typed-for-the-first-run");
    const again = { ...first, key: `second-event:${first.id}`, eventId: "second-event" };
    rerender(<InterruptCard item={again} onAnswer={vi.fn()} />);
    expect(screen.getByTestId<HTMLInputElement>("api-key").value).toBe("");
  });
});
