import { describe, expect, it } from "vitest";
import { hasHiddenChars, revealHidden, segmentHidden } from "./hidden-chars";

describe("hidden characters in names", () => {
  it("spells out every bidi override, embedding, isolate and mark", () => {
    const bidi = [0x202a, 0x202b, 0x202c, 0x202d, 0x202e, 0x2066, 0x2067, 0x2068, 0x2069, 0x200e, 0x200f, 0x061c];
    for (const cp of bidi) {
      const name = `a${String.fromCodePoint(cp)}b`;
      const label = `U+${cp.toString(16).toUpperCase().padStart(4, "0")}`;
      expect(revealHidden(name)).toBe(`a⟨${label}⟩b`);
      expect(segmentHidden(name)[1]).toMatchObject({ kind: "hidden", code: label, bidi: true });
    }
  });

  it("a name that reads like another is told apart: run\\u202Ehs.exe is not runexe.sh", () => {
    const spoof = "run\u202Ehs.exe";
    expect(hasHiddenChars(spoof)).toBe(true);
    expect(revealHidden(spoof)).toBe("run⟨U+202E⟩hs.exe");
  });

  it("flags zero-width characters, controls, tag characters and fillers, not bidi", () => {
    for (const cp of [0x200b, 0x200d, 0xfeff, 0x00ad, 0x0007, 0x0085, 0x2060, 0xe0041, 0x3164]) {
      const [, hidden] = segmentHidden(`x${String.fromCodePoint(cp)}y`);
      expect(hidden).toMatchObject({ kind: "hidden", bidi: false });
    }
    expect(revealHidden("tag\u{E0041}")).toBe("tag⟨U+E0041⟩");
  });

  it("leaves ordinary names alone, right-to-left letters and emoji included", () => {
    for (const name of ["get_weather", "שלום", "مرحبا", "naïve café", "🔧 tools", "a-b.c/d"]) {
      expect(hasHiddenChars(name)).toBe(false);
      expect(revealHidden(name)).toBe(name);
      expect(segmentHidden(name)).toEqual([{ kind: "text", text: name }]);
    }
    expect(segmentHidden("")).toEqual([]);
  });

  it("segments join back to the original text", () => {
    const name = "\u2066evil\u2069\u200Bname\u202E";
    const joined = segmentHidden(name)
      .map((s) => (s.kind === "text" ? s.text : s.char))
      .join("");
    expect(joined).toBe(name);
    expect(segmentHidden(name).filter((s) => s.kind === "hidden")).toHaveLength(4);
  });
});
