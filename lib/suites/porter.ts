/**
 * The Porter stemmer as NLTK's `PorterStemmer()` runs it by default (mode NLTK_EXTENSIONS,
 * nltk/stem/porter.py): the stemmer `rouge_score` uses with `use_stemmer=True`, hence the one
 * ADK's response_match_score uses. Written from the algorithm's description, rule by rule.
 */

type Rule = [suffix: string, replacement: string, condition: ((stem: string) => boolean) | null];

const VOWELS = new Set(["a", "e", "i", "o", "u"]);

/** Irregular forms NLTK maps by table. */
const POOL = new Map<string, string>(
  Object.entries({
    sky: ["sky", "skies"],
    die: ["dying"],
    lie: ["lying"],
    tie: ["tying"],
    news: ["news"],
    inning: ["innings", "inning"],
    outing: ["outings", "outing"],
    canning: ["cannings", "canning"],
    howe: ["howe"],
    proceed: ["proceed"],
    exceed: ["exceed"],
    succeed: ["succeed"],
  }).flatMap(([stem, forms]) => forms.map((form): [string, string] => [form, stem])),
);

function isConsonant(word: string, i: number): boolean {
  const c = word[i] ?? "";
  if (VOWELS.has(c)) return false;
  if (c === "y") return i === 0 ? true : !isConsonant(word, i - 1);
  return true;
}

/** m: the number of vowel→consonant transitions. */
function measure(stem: string): number {
  let m = 0;
  for (let i = 1; i < stem.length; i++) if (!isConsonant(stem, i - 1) && isConsonant(stem, i)) m++;
  return m;
}

const positive = (stem: string) => measure(stem) > 0;
const gt1 = (stem: string) => measure(stem) > 1;

function containsVowel(stem: string): boolean {
  for (let i = 0; i < stem.length; i++) if (!isConsonant(stem, i)) return true;
  return false;
}

function endsDoubleConsonant(word: string): boolean {
  return word.length >= 2 && word.at(-1) === word.at(-2) && isConsonant(word, word.length - 1);
}

/** *o: ends consonant-vowel-consonant, the last not w, x or y (NLTK: or a two-letter vowel-consonant word). */
function endsCvc(word: string): boolean {
  const n = word.length;
  return (
    (n >= 3 && isConsonant(word, n - 3) && !isConsonant(word, n - 2) && isConsonant(word, n - 1) && !"wxy".includes(word.at(-1) ?? "")) ||
    (n === 2 && !isConsonant(word, 0) && isConsonant(word, 1))
  );
}

/** The first rule whose suffix matches decides: its condition holds → replaced, else the word stays. */
function applyRules(word: string, rules: readonly Rule[]): string {
  for (const [suffix, replacement, condition] of rules) {
    if (suffix === "*d" && endsDoubleConsonant(word)) {
      const stem = word.slice(0, -2);
      return !condition || condition(stem) ? stem + replacement : word;
    }
    if (word.endsWith(suffix)) {
      const stem = suffix ? word.slice(0, -suffix.length) : word;
      return !condition || condition(stem) ? stem + replacement : word;
    }
  }
  return word;
}

function step1a(word: string): string {
  if (word.endsWith("ies") && word.length === 4) return word.slice(0, -3) + "ie";
  return applyRules(word, [
    ["sses", "ss", null],
    ["ies", "i", null],
    ["ss", "ss", null],
    ["s", "", null],
  ]);
}

function step1b(word: string): string {
  if (word.endsWith("ied")) return word.slice(0, -3) + (word.length === 4 ? "ie" : "i");
  if (word.endsWith("eed")) {
    const stem = word.slice(0, -3);
    return measure(stem) > 0 ? stem + "ee" : word;
  }
  let stem: string | null = null;
  for (const suffix of ["ed", "ing"]) {
    if (word.endsWith(suffix) && containsVowel(word.slice(0, -suffix.length))) {
      stem = word.slice(0, -suffix.length);
      break;
    }
  }
  if (stem === null) return word;
  const last = stem.at(-1) ?? "";
  return applyRules(stem, [
    ["at", "ate", null],
    ["bl", "ble", null],
    ["iz", "ize", null],
    ["*d", last, () => !"lsz".includes(last)],
    ["", "e", (s) => measure(s) === 1 && endsCvc(s)],
  ]);
}

function step1c(word: string): string {
  return applyRules(word, [["y", "i", (stem) => stem.length > 1 && isConsonant(stem, stem.length - 1)]]);
}

function step2(word: string): string {
  if (word.endsWith("alli") && positive(word.slice(0, -4))) return step2(word.slice(0, -4) + "al");
  return applyRules(word, [
    ["ational", "ate", positive],
    ["tional", "tion", positive],
    ["enci", "ence", positive],
    ["anci", "ance", positive],
    ["izer", "ize", positive],
    ["bli", "ble", positive],
    ["alli", "al", positive],
    ["entli", "ent", positive],
    ["eli", "e", positive],
    ["ousli", "ous", positive],
    ["ization", "ize", positive],
    ["ation", "ate", positive],
    ["ator", "ate", positive],
    ["alism", "al", positive],
    ["iveness", "ive", positive],
    ["fulness", "ful", positive],
    ["ousness", "ous", positive],
    ["aliti", "al", positive],
    ["iviti", "ive", positive],
    ["biliti", "ble", positive],
    ["fulli", "ful", positive],
    // The "l" of logi stays with the stem, so short stems (geo-, theo-) stem like long ones.
    ["logi", "log", () => positive(word.slice(0, -3))],
  ]);
}

function step3(word: string): string {
  return applyRules(word, [
    ["icate", "ic", positive],
    ["ative", "", positive],
    ["alize", "al", positive],
    ["iciti", "ic", positive],
    ["ical", "ic", positive],
    ["ful", "", positive],
    ["ness", "", positive],
  ]);
}

function step4(word: string): string {
  return applyRules(word, [
    ["al", "", gt1],
    ["ance", "", gt1],
    ["ence", "", gt1],
    ["er", "", gt1],
    ["ic", "", gt1],
    ["able", "", gt1],
    ["ible", "", gt1],
    ["ant", "", gt1],
    ["ement", "", gt1],
    ["ment", "", gt1],
    ["ent", "", gt1],
    ["ion", "", (stem) => measure(stem) > 1 && "st".includes(stem.at(-1) ?? "-")],
    ["ou", "", gt1],
    ["ism", "", gt1],
    ["ate", "", gt1],
    ["iti", "", gt1],
    ["ous", "", gt1],
    ["ive", "", gt1],
    ["ize", "", gt1],
  ]);
}

function step5a(word: string): string {
  if (!word.endsWith("e")) return word;
  const stem = word.slice(0, -1);
  const m = measure(stem);
  return m > 1 || (m === 1 && !endsCvc(stem)) ? stem : word;
}

function step5b(word: string): string {
  return applyRules(word, [["ll", "l", () => measure(word.slice(0, -1)) > 1]]);
}

export function porterStem(word: string): string {
  const lower = word.toLowerCase();
  const irregular = POOL.get(word);
  if (irregular !== undefined) return irregular;
  if (word.length <= 2) return lower;
  return step5b(step5a(step4(step3(step2(step1c(step1b(step1a(lower))))))));
}
