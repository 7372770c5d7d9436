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
});
