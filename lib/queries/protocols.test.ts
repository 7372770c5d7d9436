import { describe, expect, it } from "vitest";
import { QueryClient } from "@tanstack/react-query";
import type { Entry } from "@/lib/contracts/entries";
import { ENTRY_KINDS_BY_PROTOCOL } from "@/lib/contracts/entry-kinds";
import { STREAM_PARTS } from "@/lib/queries/protocols";
import { applyStreamEntries } from "@/lib/queries/stream-reducer";
import { trafficKeys } from "@/lib/queries/traffic";

describe("the stream reducer's registry", () => {
  it("has one part per protocol, whose handler rows are exactly that protocol's kinds", () => {
    const byName = (rows: [string, string[]][]) => rows.sort(([a], [b]) => a.localeCompare(b));
    const contract = byName(Object.entries(ENTRY_KINDS_BY_PROTOCOL).map(([p, kinds]) => [p, Object.keys(kinds).sort()]));
    const parts = byName(Object.entries(STREAM_PARTS).map(([p, part]) => [p, Object.keys(part.handlers).sort()]));
    expect(parts).toEqual(contract);
  });

  it("puts an entry of a protocol this browser does not know in its connection's traffic", () => {
    const qc = new QueryClient();
    qc.setQueryData<Entry[]>(trafficKeys.list("c1"), []);
    const odd = {
      seq: 1,
      connectionId: "c1",
      sessionKey: null,
      receivedAt: 1,
      sourceTime: null,
      direction: "in",
      kind: "x",
      raw: {},
      rawBytes: 2,
    };
    applyStreamEntries(qc, [{ ...odd, protocol: "carrier-pigeon" } as unknown as Entry]);
    expect(qc.getQueryData<Entry[]>(trafficKeys.list("c1"))?.map((e) => e.seq)).toEqual([1]);
  });
});
