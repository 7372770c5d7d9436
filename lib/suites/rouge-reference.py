# Writes lib/suites/rouge-reference.json (run from the repo root, with Debian's python3-nltk): the stems NLTK's
# PorterStemmer gives every word of the docs, and ROUGE-1 as rouge_score scores it (ADK's response_match_score).
import json, re, sys, collections
from nltk.stem import porter
st = porter.PorterStemmer()
def tok(text):
    text = text.lower()
    text = re.sub(r"[^a-z0-9]+", " ", text)
    tokens = re.split(r"\s+", text)
    tokens = [st.stem(x) if len(x) > 3 else x for x in tokens]
    return [x for x in tokens if re.match(r"^[a-z0-9]+$", x)]
def rouge1(cand, ref):
    t = collections.Counter(tok(ref)); p = collections.Counter(tok(cand))
    inter = sum(min(t[k], p[k]) for k in t)
    pr = inter / max(sum(p.values()), 1); rc = inter / max(sum(t.values()), 1)
    f = 2*pr*rc/(pr+rc) if pr+rc > 0 else 0.0
    return {"precision": pr, "recall": rc, "fmeasure": f}
words = sorted(set(re.findall(r"[a-z]+", open("docs/ARCHITECTURE.md").read().lower() + open("README.md").read().lower())))
pairs = [
 ("The weather in Paris is sunny and warm today.", "Today the weather in Paris is warm and sunny."),
 ("I booked the flights you asked for.", "Your flights have been booked."),
 ("Running runners ran quickly", "the runner runs quick"),
 ("", "anything"),
 ("Bonjour, ça va?", "Bonjour ça va"),
 ("東京は晴れです", "東京は晴れです"),
 ("The total is 42 dollars.", "Total: $42"),
 ("yes yes yes", "yes"),
 ("Generalization of relational databases", "generalizations in relations of a database"),
]
print(json.dumps({"stems": {w: st.stem(w) for w in words}, "rouge": [{"candidate": c, "reference": r, **rouge1(c, r)} for c, r in pairs]}, indent=0, ensure_ascii=False))
