import { describe, expect, it } from "vitest";
import { expandTemplate, parseTemplate, tryParseTemplate, UriTemplateError, variableNames } from "@/lib/uri-template";
import type { TemplateValues } from "@/lib/uri-template";

/** The variables of RFC 6570 §3.2 (keys is ordered, so it is given as pairs). */
const RFC: TemplateValues = {
  count: ["one", "two", "three"],
  dom: ["example", "com"],
  dub: "me/too",
  hello: "Hello World!",
  half: "50%",
  var: "value",
  who: "fred",
  base: "http://example.com/home/",
  path: "/foo/bar",
  list: ["red", "green", "blue"],
  keys: {
    pairs: [
      ["semi", ";"],
      ["dot", "."],
      ["comma", ","],
    ],
  },
  v: "6",
  x: "1024",
  y: "768",
  empty: "",
  empty_keys: {},
  undef: null,
};

function table(rows: [string, string][]) {
  for (const [template, expected] of rows) {
    it(`${template} → ${expected}`, () => {
      expect(expandTemplate(template, RFC)).toBe(expected);
    });
  }
}

describe("RFC 6570 §1.2 level examples", () => {
  // Level 1–4 examples use their own variable set.
  const L: TemplateValues = {
    var: "value",
    hello: "Hello World!",
    path: "/foo/bar",
    empty: "",
    x: "1024",
    y: "768",
    list: ["red", "green", "blue"],
    keys: {
      pairs: [
        ["semi", ";"],
        ["dot", "."],
        ["comma", ","],
      ],
    },
  };
  const rows: [string, string][] = [
    ["{var}", "value"],
    ["{hello}", "Hello%20World%21"],
    ["{+var}", "value"],
    ["{+hello}", "Hello%20World!"],
    ["{+path}/here", "/foo/bar/here"],
    ["here?ref={+path}", "here?ref=/foo/bar"],
    ["X{#var}", "X#value"],
    ["X{#hello}", "X#Hello%20World!"],
    ["map?{x,y}", "map?1024,768"],
    ["{x,hello,y}", "1024,Hello%20World%21,768"],
    ["{+x,hello,y}", "1024,Hello%20World!,768"],
    ["{+path,x}/here", "/foo/bar,1024/here"],
    ["{#x,hello,y}", "#1024,Hello%20World!,768"],
    ["{#path,x}/here", "#/foo/bar,1024/here"],
    ["X{.var}", "X.value"],
    ["X{.x,y}", "X.1024.768"],
    ["{/var}", "/value"],
    ["{/var,x}/here", "/value/1024/here"],
    ["{;x,y}", ";x=1024;y=768"],
    ["{;x,y,empty}", ";x=1024;y=768;empty"],
    ["{?x,y}", "?x=1024&y=768"],
    ["{?x,y,empty}", "?x=1024&y=768&empty="],
    ["?fixed=yes{&x}", "?fixed=yes&x=1024"],
    ["{&x,y,empty}", "&x=1024&y=768&empty="],
    ["{var:3}", "val"],
    ["{var:30}", "value"],
    ["{list}", "red,green,blue"],
    ["{list*}", "red,green,blue"],
    ["{keys}", "semi,%3B,dot,.,comma,%2C"],
    ["{keys*}", "semi=%3B,dot=.,comma=%2C"],
    ["{+path:6}/here", "/foo/b/here"],
    ["{+list}", "red,green,blue"],
    ["{+list*}", "red,green,blue"],
    ["{+keys}", "semi,;,dot,.,comma,,"],
    ["{+keys*}", "semi=;,dot=.,comma=,"],
    ["{#path:6}/here", "#/foo/b/here"],
    ["{#list}", "#red,green,blue"],
    ["{#list*}", "#red,green,blue"],
    ["{#keys}", "#semi,;,dot,.,comma,,"],
    ["{#keys*}", "#semi=;,dot=.,comma=,"],
    ["X{.var:3}", "X.val"],
    ["X{.list}", "X.red,green,blue"],
    ["X{.list*}", "X.red.green.blue"],
    ["X{.keys}", "X.semi,%3B,dot,.,comma,%2C"],
    ["X{.keys*}", "X.semi=%3B.dot=..comma=%2C"],
    ["{/var:1,var}", "/v/value"],
    ["{/list}", "/red,green,blue"],
    ["{/list*}", "/red/green/blue"],
    ["{/list*,path:4}", "/red/green/blue/%2Ffoo"],
    ["{/keys}", "/semi,%3B,dot,.,comma,%2C"],
    ["{/keys*}", "/semi=%3B/dot=./comma=%2C"],
    ["{;hello:5}", ";hello=Hello"],
    ["{;list}", ";list=red,green,blue"],
    ["{;list*}", ";list=red;list=green;list=blue"],
    ["{;keys}", ";keys=semi,%3B,dot,.,comma,%2C"],
    ["{;keys*}", ";semi=%3B;dot=.;comma=%2C"],
    ["{?var:3}", "?var=val"],
    ["{?list}", "?list=red,green,blue"],
    ["{?list*}", "?list=red&list=green&list=blue"],
    ["{?keys}", "?keys=semi,%3B,dot,.,comma,%2C"],
    ["{?keys*}", "?semi=%3B&dot=.&comma=%2C"],
    ["{&var:3}", "&var=val"],
    ["{&list}", "&list=red,green,blue"],
    ["{&list*}", "&list=red&list=green&list=blue"],
    ["{&keys}", "&keys=semi,%3B,dot,.,comma,%2C"],
    ["{&keys*}", "&semi=%3B&dot=.&comma=%2C"],
  ];
  for (const [template, expected] of rows) {
    it(`${template} → ${expected}`, () => expect(expandTemplate(template, L)).toBe(expected));
  }
});

describe("RFC 6570 §3.2.1 variable expansion", () => {
  table([
    ["{count}", "one,two,three"],
    ["{count*}", "one,two,three"],
    ["{/count}", "/one,two,three"],
    ["{/count*}", "/one/two/three"],
    ["{;count}", ";count=one,two,three"],
    ["{;count*}", ";count=one;count=two;count=three"],
    ["{?count}", "?count=one,two,three"],
    ["{?count*}", "?count=one&count=two&count=three"],
    ["{&count*}", "&count=one&count=two&count=three"],
  ]);
});

describe("RFC 6570 §3.2.2 simple string expansion", () => {
  table([
    ["{var}", "value"],
    ["{hello}", "Hello%20World%21"],
    ["{half}", "50%25"],
    ["O{empty}X", "OX"],
    ["O{undef}X", "OX"],
    ["{x,y}", "1024,768"],
    ["{x,hello,y}", "1024,Hello%20World%21,768"],
    ["?{x,empty}", "?1024,"],
    ["?{x,undef}", "?1024"],
    ["?{undef,y}", "?768"],
    ["{var:3}", "val"],
    ["{var:30}", "value"],
    ["{list}", "red,green,blue"],
    ["{list*}", "red,green,blue"],
    ["{keys}", "semi,%3B,dot,.,comma,%2C"],
    ["{keys*}", "semi=%3B,dot=.,comma=%2C"],
  ]);
});

describe("RFC 6570 §3.2.3 reserved expansion", () => {
  table([
    ["{+var}", "value"],
    ["{+hello}", "Hello%20World!"],
    ["{+half}", "50%25"],
    ["{base}index", "http%3A%2F%2Fexample.com%2Fhome%2Findex"],
    ["{+base}index", "http://example.com/home/index"],
    ["O{+empty}X", "OX"],
    ["O{+undef}X", "OX"],
    ["{+path}/here", "/foo/bar/here"],
    ["here?ref={+path}", "here?ref=/foo/bar"],
    ["up{+path}{var}/here", "up/foo/barvalue/here"],
    ["{+x,hello,y}", "1024,Hello%20World!,768"],
    ["{+path,x}/here", "/foo/bar,1024/here"],
    ["{+path:6}/here", "/foo/b/here"],
    ["{+list}", "red,green,blue"],
    ["{+list*}", "red,green,blue"],
    ["{+keys}", "semi,;,dot,.,comma,,"],
    ["{+keys*}", "semi=;,dot=.,comma=,"],
  ]);
});

describe("RFC 6570 §3.2.4 fragment expansion", () => {
  table([
    ["{#var}", "#value"],
    ["{#hello}", "#Hello%20World!"],
    ["{#half}", "#50%25"],
    ["foo{#empty}", "foo#"],
    ["foo{#undef}", "foo"],
    ["{#x,hello,y}", "#1024,Hello%20World!,768"],
    ["{#path,x}/here", "#/foo/bar,1024/here"],
    ["{#path:6}/here", "#/foo/b/here"],
    ["{#list}", "#red,green,blue"],
    ["{#list*}", "#red,green,blue"],
    ["{#keys}", "#semi,;,dot,.,comma,,"],
    ["{#keys*}", "#semi=;,dot=.,comma=,"],
  ]);
});

describe("RFC 6570 §3.2.5 label expansion", () => {
  table([
    ["{.who}", ".fred"],
    ["{.who,who}", ".fred.fred"],
    ["{.half,who}", ".50%25.fred"],
    ["www{.dom*}", "www.example.com"],
    ["X{.var}", "X.value"],
    ["X{.empty}", "X."],
    ["X{.undef}", "X"],
    ["X{.var:3}", "X.val"],
    ["X{.list}", "X.red,green,blue"],
    ["X{.list*}", "X.red.green.blue"],
    ["X{.keys}", "X.semi,%3B,dot,.,comma,%2C"],
    ["X{.keys*}", "X.semi=%3B.dot=..comma=%2C"],
    ["X{.empty_keys}", "X"],
    ["X{.empty_keys*}", "X"],
  ]);
});

describe("RFC 6570 §3.2.6 path segment expansion", () => {
  table([
    ["{/who}", "/fred"],
    ["{/who,who}", "/fred/fred"],
    ["{/half,who}", "/50%25/fred"],
    ["{/who,dub}", "/fred/me%2Ftoo"],
    ["{/var}", "/value"],
    ["{/var,empty}", "/value/"],
    ["{/var,undef}", "/value"],
    ["{/var,x}/here", "/value/1024/here"],
    ["{/var:1,var}", "/v/value"],
    ["{/list}", "/red,green,blue"],
    ["{/list*}", "/red/green/blue"],
    ["{/list*,path:4}", "/red/green/blue/%2Ffoo"],
    ["{/keys}", "/semi,%3B,dot,.,comma,%2C"],
    ["{/keys*}", "/semi=%3B/dot=./comma=%2C"],
  ]);
});

describe("RFC 6570 §3.2.7 path-style parameter expansion", () => {
  table([
    ["{;who}", ";who=fred"],
    ["{;half}", ";half=50%25"],
    ["{;empty}", ";empty"],
    ["{;v,empty,who}", ";v=6;empty;who=fred"],
    ["{;v,bar,who}", ";v=6;who=fred"],
    ["{;x,y}", ";x=1024;y=768"],
    ["{;x,y,empty}", ";x=1024;y=768;empty"],
    ["{;x,y,undef}", ";x=1024;y=768"],
    ["{;hello:5}", ";hello=Hello"],
    ["{;list}", ";list=red,green,blue"],
    ["{;list*}", ";list=red;list=green;list=blue"],
    ["{;keys}", ";keys=semi,%3B,dot,.,comma,%2C"],
    ["{;keys*}", ";semi=%3B;dot=.;comma=%2C"],
  ]);
});

describe("RFC 6570 §3.2.8 form-style query expansion", () => {
  table([
    ["{?who}", "?who=fred"],
    ["{?half}", "?half=50%25"],
    ["{?x,y}", "?x=1024&y=768"],
    ["{?x,y,empty}", "?x=1024&y=768&empty="],
    ["{?x,y,undef}", "?x=1024&y=768"],
    ["{?var:3}", "?var=val"],
    ["{?list}", "?list=red,green,blue"],
    ["{?list*}", "?list=red&list=green&list=blue"],
    ["{?keys}", "?keys=semi,%3B,dot,.,comma,%2C"],
    ["{?keys*}", "?semi=%3B&dot=.&comma=%2C"],
  ]);
});

describe("RFC 6570 §3.2.9 form-style query continuation", () => {
  table([
    ["{&who}", "&who=fred"],
    ["{&half}", "&half=50%25"],
    ["?fixed=yes{&x}", "?fixed=yes&x=1024"],
    ["{&x,y,empty}", "&x=1024&y=768&empty="],
    ["{&var:3}", "&var=val"],
    ["{&list}", "&list=red,green,blue"],
    ["{&list*}", "&list=red&list=green&list=blue"],
    ["{&keys}", "&keys=semi,%3B,dot,.,comma,%2C"],
    ["{&keys*}", "&semi=%3B&dot=.&comma=%2C"],
  ]);
});

describe("encoding beyond ASCII and edge cases", () => {
  it("encodes UTF-8 and counts prefix length in characters", () => {
    expect(expandTemplate("{x}", { x: "Grüße 😀" })).toBe("Gr%C3%BC%C3%9Fe%20%F0%9F%98%80");
    expect(expandTemplate("{x:3}", { x: "😀😀😀😀" })).toBe("%F0%9F%98%80%F0%9F%98%80%F0%9F%98%80");
  });

  it("keeps pct-triplets only in reserved expansion, and encodes a stray %", () => {
    expect(expandTemplate("{+x}", { x: "a%20b%zz" })).toBe("a%20b%25zz");
    expect(expandTemplate("{x}", { x: "a%20b" })).toBe("a%2520b");
  });

  it("uses numbers and booleans as strings and leaves out missing variables", () => {
    expect(expandTemplate("demo://resource/dynamic/text/{resourceId}", { resourceId: 7 })).toBe("demo://resource/dynamic/text/7");
    expect(expandTemplate("a{?x,y}", { y: true })).toBe("a?y=true");
    expect(expandTemplate("a{/x}", {})).toBe("a");
  });

  it("encodes literal characters that cannot appear in a URI", () => {
    expect(expandTemplate("file:///my docs/{name}", { name: "a b" })).toBe("file:///my%20docs/a%20b");
  });

  it("escapes a path-looking value in simple expansion (inspector issue #1919)", () => {
    expect(expandTemplate("file:///{path}", { path: "etc/passwd" })).toBe("file:///etc%2Fpasswd");
    expect(expandTemplate("file:///{+path}", { path: "etc/passwd" })).toBe("file:///etc/passwd");
  });
});

describe("parsing", () => {
  it("extracts variable names in order, once each", () => {
    expect(variableNames("demo://resource/dynamic/text/{resourceId}")).toEqual(["resourceId"]);
    expect(variableNames("{/list*,path:4}{?x,y}{&x}{#frag}")).toEqual(["list", "path", "x", "y", "frag"]);
    expect(variableNames("no variables")).toEqual([]);
    expect(variableNames("{a.b,%41}")).toEqual(["a.b", "%41"]);
  });

  it("records operator, explode and prefix", () => {
    const parsed = parseTemplate("x{?a*,b:12}");
    expect(parsed.parts).toEqual([
      { type: "literal", text: "x" },
      {
        type: "expression",
        operator: "?",
        raw: "{?a*,b:12}",
        vars: [
          { name: "a", explode: true },
          { name: "b", explode: false, prefix: 12 },
        ],
      },
    ]);
  });

  it.each([
    ["{unclosed", /Unclosed/],
    ["closed}", /Unmatched/],
    ["{}", /Empty/],
    ["{?}", /names no variable/],
    ["{=x}", /reserved/],
    ["{a b}", /Invalid variable name/],
    ["{a:0}", /Invalid prefix/],
    ["{a:10000}", /Invalid prefix/],
    ["{a,}", /Invalid variable name/],
    ["{a{b}}", /Nested/],
  ])("rejects %s", (template, message) => {
    expect(() => parseTemplate(template)).toThrow(UriTemplateError);
    expect(() => parseTemplate(template)).toThrow(message);
    const result = tryParseTemplate(template);
    expect(result.ok).toBe(false);
  });
});
