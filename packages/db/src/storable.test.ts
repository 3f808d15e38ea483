import { describe, expect, it } from "vitest";
import { storableJson, storableJsonText, storableText } from "./storable.ts";

describe("storable text and JSON", () => {
  it("drops NUL and replaces lone surrogates, keeping pairs", () => {
    expect(storableText("a\u0000b")).toBe("ab");
    expect(storableText("x\ud83e")).toBe("x\ufffd");
    expect(storableText("\udc00y")).toBe("\ufffdy");
    expect(storableText("🤠 ok")).toBe("🤠 ok");
  });

  it("gives the JSON text of the cleaned copy for every value, with or without anything to clean", () => {
    const values: unknown[] = [
      { type: "placeSign", building: "T3" },
      { type: "move", to: 12, path: [1, 2, 3], extra: { deep: [true, null, 1.5] } },
      { "k\u0000ey": ["v\u0000", { deep: "\ud800" }] },
      { text: "lone \udfff at the end", pair: "🤠" },
      { control: "\u001b[2J\u202e", newline: "a\nb", tab: "\t" },
      { literal: "a backslash-u: \\u0000 is not a NUL", quote: '"' },
      ["\u0000"],
      "plain",
      "\ud83e",
      42,
      null,
      { missing: undefined, kept: 1 },
    ];
    for (const value of values) expect(storableJsonText(value)).toBe(JSON.stringify(storableJson(value)));
    // Nothing PostgreSQL refuses is left: read back, the text has nothing more to clean.
    for (const value of values) {
      const read: unknown = JSON.parse(storableJsonText(value));
      expect(storableJson(read)).toEqual(read);
    }
  });

  it("writes nothing at all as null", () => {
    expect(storableJsonText(undefined)).toBe("null");
  });
});
