import { afterEach, describe, expect, it, vi } from "vitest";
import { logLine, logSafe } from "@/lib/log-text";

describe("log lines cannot be forged", () => {
  afterEach(() => vi.restoreAllMocks());

  it("escapes CR, LF, tabs, terminal escapes, C1 controls, line separators and bidi controls", () => {
    expect(logSafe('No connection with id "x"\n[loupe] Loupe ready: http://evil')).toBe(
      'No connection with id "x"\\n[loupe] Loupe ready: http://evil',
    );
    expect(logSafe("a\r\nb\tc")).toBe("a\\r\\nb\\tc");
    expect(logSafe("\u001b[2Kred\u0007")).toBe("\\u001b[2Kred\\u0007");
    expect(logSafe("x\u0085y\u2028z\u2029")).toBe("x\\u0085y\\u2028z\\u2029");
    expect(logSafe("tool\u202Egnp.exe\u2066")).toBe("tool\\u202egnp.exe\\u2066");
    expect(logSafe("plain text, ünïcödé and emoji 🚀")).toBe("plain text, ünïcödé and emoji 🚀");
  });

  it("writes exactly one line whatever the parts hold", () => {
    const spy = vi.spyOn(console, "error").mockImplementation(() => undefined);
    logLine("[loupe] route failed:", new Error('No agent server with id "a\r\nLoupe ready: http://127.0.0.1:1/?token=fake"'));
    expect(spy).toHaveBeenCalledTimes(1);
    const written = String(spy.mock.calls[0]![0]);
    expect(written.split(/\r|\n/)).toHaveLength(1);
    expect(written).toBe('[loupe] route failed: No agent server with id "a\\r\\nLoupe ready: http://127.0.0.1:1/?token=fake"');
  });

  it("with LOUPE_LOG_FORMAT=json writes one JSON object per line: time, level, source, the message whole", () => {
    vi.stubEnv("LOUPE_LOG_FORMAT", "json");
    try {
      const spy = vi.spyOn(console, "error").mockImplementation(() => undefined);
      logLine("[loupe] route failed:", new Error("bad\r\nLoupe ready: fake \u2028 end"));
      logLine("retention: pruned 3 entries");
      const [first, second] = spy.mock.calls.map((call) => String(call[0]));
      expect(first!.split(/\r|\n|\u2028|\u2029/)).toHaveLength(1);
      expect(JSON.parse(first!)).toMatchObject({
        level: "error",
        source: "loupe",
        msg: "route failed: bad\r\nLoupe ready: fake \u2028 end",
      });
      expect(JSON.parse(second!)).toMatchObject({ level: "info", source: "loupe", msg: "retention: pruned 3 entries" });
      expect(Date.parse(JSON.parse(second!).time)).not.toBeNaN();
    } finally {
      vi.unstubAllEnvs();
    }
  });
});
