import { afterEach, describe, expect, it } from "vitest";
import { clusterLink, type ForwardedRequest } from "@/lib/launcher/cluster-link";
import { forwardFromRoute } from "@/lib/server/cluster/service";

/**
 * A request a route sends on to another instance once it read its body (issue 25: a suite's run
 * started where its targets are held): sent as it came, its answer returned as given, and a forward
 * that fails answers 504/502 in words, as the launcher's forward does, not a 500.
 */
afterEach(() => {
  delete clusterLink().forward;
});

const request = () =>
  new Request("http://127.0.0.1:1/api/tests/suites/s1/runs?wait=1", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: "{}",
  });

describe("forwardFromRoute", () => {
  it("sends the request as it came, with who asked, and returns the holder's answer", async () => {
    const sent: ForwardedRequest[] = [];
    clusterLink().forward = (_to, forwarded) => {
      sent.push(forwarded);
      return Promise.resolve({
        status: 202,
        headers: { "content-type": "application/json" },
        body: Buffer.from('{"id":"r1"}').toString("base64"),
      });
    };
    const res = await forwardFromRoute(request(), "instance-a", '{"repetitions":2}', "actor-text");
    expect(res.status).toBe(202);
    expect(res.headers.get("x-loupe-served-by")).toBe("instance-a");
    expect(await res.json()).toEqual({ id: "r1" });
    expect(sent).toEqual([
      {
        method: "POST",
        url: "/api/tests/suites/s1/runs?wait=1",
        headers: { "content-type": "application/json" },
        body: Buffer.from('{"repetitions":2}').toString("base64"),
        actor: "actor-text",
      },
    ]);
  });

  it("answers 504 when the holder is too slow and 502 when it is gone, in words", async () => {
    clusterLink().forward = () => Promise.reject(new Error("instance a did not answer within 600 s"));
    await expect(forwardFromRoute(request(), "a", "{}", "x")).rejects.toMatchObject({ code: "timeout:instance", status: 504 });
    clusterLink().forward = () => Promise.reject(new Error("instance a stopped while the request waited"));
    const gone = forwardFromRoute(request(), "a", "{}", "x");
    await expect(gone).rejects.toMatchObject({ code: "upstream:instance", status: 502 });
    await expect(gone).rejects.toThrow(/could not run it: instance a stopped/);
  });
});
