import { describe, expect, it } from "vitest";
import { findToolCollisions } from "./collisions";

describe("findToolCollisions", () => {
  it("finds names exposed by two servers and duplicates within one", () => {
    expect(
      findToolCollisions([
        { connectionId: "a", connectionName: "everything", toolNames: ["echo", "get-sum", "read_file"] },
        { connectionId: "b", connectionName: "filesystem", toolNames: ["read_file", "write_file", "write_file"] },
        { connectionId: "c", connectionName: "other", toolNames: ["echo"] },
      ]),
    ).toEqual([
      {
        name: "echo",
        servers: [
          { connectionId: "a", connectionName: "everything" },
          { connectionId: "c", connectionName: "other" },
        ],
      },
      {
        name: "read_file",
        servers: [
          { connectionId: "a", connectionName: "everything" },
          { connectionId: "b", connectionName: "filesystem" },
        ],
      },
      {
        name: "write_file",
        servers: [
          { connectionId: "b", connectionName: "filesystem" },
          { connectionId: "b", connectionName: "filesystem" },
        ],
      },
    ]);
  });

  it("returns nothing when names are unique", () => {
    expect(findToolCollisions([{ connectionId: "a", connectionName: "x", toolNames: ["a", "b"] }])).toEqual([]);
    expect(findToolCollisions([])).toEqual([]);
  });
});
