import { describe, expect, it } from "vitest";
import { AppError } from "@/lib/errors";
import { makeClient } from "@/lib/server/a2a/client";

/** A v0.3 card (a top-level `url` and `protocolVersion`): the SDK's resolver translates it to v1.0's shape. */
const legacyCard = (name: string) => {
  const modes = ["text/plain"];
  const v03 = { url: "http://127.0.0.1:7299/rpc", protocolVersion: "0.3.0", preferredTransport: "JSONRPC" };
  return {
    name,
    description: "d",
    version: "1",
    ...v03,
    capabilities: {},
    defaultInputModes: modes,
    defaultOutputModes: modes,
    skills: [],
  };
};

const noFetch: typeof fetch = () => Promise.reject(new Error("no request in this test"));

describe("makeClient", () => {
  it("reads a card once for every exchange made from it, and a card fetched again anew", async () => {
    const card = legacyCard("first");
    const one = await (await makeClient(card, "JSONRPC", noFetch)).getAgentCard();
    const two = await (await makeClient(card, "JSONRPC", noFetch)).getAgentCard();
    // Translated to v1.0 (its interface says 0.3.0, so the client speaks the agent's version)…
    expect(one.supportedInterfaces.map((i) => [i.protocolBinding, i.protocolVersion, i.url])).toEqual([
      ["JSONRPC", "0.3.0", "http://127.0.0.1:7299/rpc"],
    ]);
    // …once (issue 23: each exchange read it again before its request left).
    expect(two).toBe(one);
    // A card fetched again is a new object: read as it now is.
    const again = await (await makeClient(legacyCard("renamed"), "JSONRPC", noFetch)).getAgentCard();
    expect(again.name).toBe("renamed");
    expect(again).not.toBe(one);
  });

  it("a card the SDK cannot use is the agent's error in words (502), not Loupe's (500)", async () => {
    const { defaultInputModes: _, ...missing } = legacyCard("no input modes");
    for (const card of [missing, null, []]) {
      const made = makeClient(card, "JSONRPC", noFetch);
      await expect(made).rejects.toBeInstanceOf(AppError);
      await expect(made).rejects.toMatchObject({ code: "upstream:a2a_card_unusable", status: 502 });
      await expect(made).rejects.toThrow(/^The agent card cannot be used to reach the agent: .+Re-fetch the card/);
    }
    await expect(makeClient(missing, "JSONRPC", noFetch)).rejects.toThrow(/defaultInputModes/);
  });
});
