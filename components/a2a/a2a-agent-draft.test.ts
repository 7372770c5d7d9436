import { describe, expect, it } from "vitest";
import { a2aDraftOf, a2aDraftToInput } from "./a2a-agent-draft";

describe("a2aDraftToInput (the A2A agent dialog)", () => {
  it("sends the trimmed URL, the headers as a map and the card's preferred transport as none", () => {
    const draft = { ...a2aDraftOf(undefined), name: "travel", url: " http://127.0.0.1:9999 ", headers: [{ key: "X-Key", value: "k" }] };
    expect(a2aDraftToInput(draft)).toEqual({
      ok: true,
      input: expect.objectContaining({ name: "travel", url: "http://127.0.0.1:9999", headers: { "X-Key": "k" } }),
    });
    const result = a2aDraftToInput(draft);
    expect(result.ok && result.input.transport).toBeFalsy();
  });

  it("says a header without a name alone, else names the name and the URL in the dialog's words", () => {
    expect(a2aDraftToInput({ ...a2aDraftOf(undefined), headers: [{ key: "", value: "x" }] })).toEqual({
      ok: false,
      errors: { headers: "Every header needs a name" },
    });
    expect(a2aDraftToInput(a2aDraftOf(undefined))).toEqual({
      ok: false,
      errors: { name: "Give it a name", url: "An absolute URL: the agent card's, or the agent's base URL" },
    });
  });
});
