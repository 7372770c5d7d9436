import { afterAll, describe, expect, it } from "vitest";
import { SessionLabelStore } from "@/lib/server/adk/session-labels";
import { likePattern } from "@/lib/server/search/text";
import { openStore } from "@/lib/server/store";
import { tempDir } from "@/tests/support/servers";

const data = tempDir("loupe-session-labels-");
const store = openStore(data.dir);
const labels = new SessionLabelStore(store);

afterAll(() => {
  store.close();
  data.cleanup();
});

describe("session labels", () => {
  it("puts, merges a partial update, decorates summaries and removes a row left empty", () => {
    labels.put("a", "app", "u", "s1", { name: "Checkout bug", labels: ["bug", "Bug", "p1"] });
    expect(labels.get("a", "app", "u", "s1")).toMatchObject({ name: "Checkout bug", labels: ["bug", "p1"] });
    // A rename alone keeps the labels.
    labels.put("a", "app", "u", "s1", { name: "Checkout bug (fixed)" });
    expect(labels.get("a", "app", "u", "s1")).toMatchObject({ name: "Checkout bug (fixed)", labels: ["bug", "p1"] });
    const summaries = [
      { id: "s1", appName: "app", userId: "u", lastUpdateTime: 1 },
      { id: "s2", appName: "app", userId: "u", lastUpdateTime: 2 },
    ];
    expect(labels.decorate("a", "app", "u", summaries)).toEqual([
      { ...summaries[0], name: "Checkout bug (fixed)", labels: ["bug", "p1"] },
      summaries[1],
    ]);
    // Another user's session of the same id is another session.
    expect(labels.decorate("a", "app", "other", summaries)).toEqual(summaries);
    labels.put("a", "app", "u", "s1", { name: "", labels: [] });
    expect(labels.get("a", "app", "u", "s1")).toBeNull();
  });

  it("searches names and labels with % and _ taken literally", () => {
    labels.put("a", "app", "u", "p", { labels: ["50%"] });
    labels.put("a", "app", "u", "q", { labels: ["500"] });
    labels.put("a", "app", "u", "r", { name: "a_b" });
    labels.put("a", "app", "u", "t", { name: "axb" });
    expect(labels.search("50%", 10).map((l) => l.sessionId)).toEqual(["p"]);
    expect(labels.search("a_b", 10).map((l) => l.sessionId)).toEqual(["r"]);
    expect(
      labels
        .search("50", 10)
        .map((l) => l.sessionId)
        .sort(),
    ).toEqual(["p", "q"]);
    expect(likePattern("x\\%_")).toBe("%x\\\\\\%\\_%");
    labels.dropAgent("a");
    expect(labels.search("5", 10)).toEqual([]);
  });
});
