import { describe, expect, it } from "vitest";
import { porterStem } from "@/lib/suites/porter";
import { rouge1, rougeTokens } from "@/lib/suites/rouge";
import reference from "@/lib/suites/rouge-reference.json";

// The reference was written by NLTK's PorterStemmer and rouge_score's tokenizer and scorer
// (lib/suites/rouge-reference.py): ADK's response_match_score is that scorer's rouge1 F-measure.
describe("ROUGE-1 as ADK computes it", () => {
  it("stems every word of the docs as NLTK's PorterStemmer does", () => {
    const wrong = Object.entries(reference.stems).filter(([word, stem]) => porterStem(word) !== stem);
    expect(wrong).toEqual([]);
    expect(Object.keys(reference.stems).length).toBeGreaterThan(1000);
  });

  it("scores each reference pair with rouge_score's precision, recall and F-measure", () => {
    for (const { candidate, reference: ref, precision, recall, fmeasure } of reference.rouge) {
      const score = rouge1(candidate, ref);
      expect({ candidate, ...score }).toEqual({
        candidate,
        precision: expect.closeTo(precision, 12),
        recall: expect.closeTo(recall, 12),
        fmeasure: expect.closeTo(fmeasure, 12),
      });
    }
  });

  it("drops what is not [a-z0-9] and stems only tokens longer than 3 letters", () => {
    expect(rougeTokens("Flights: BOOKED, 2 of 3 (ok)!")).toEqual(["flight", "book", "2", "of", "3", "ok"]);
    expect(rougeTokens("東京")).toEqual([]);
  });
});
