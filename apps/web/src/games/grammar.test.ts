import { afterEach, describe, expect, it } from "vitest";
import { setLanguage } from "../lib/i18n.ts";
import { capitalize, joinWith, possessive } from "./grammar.ts";

afterEach(() => setLanguage("en"));

describe("the games' shared grammar", () => {
  it("writes a player's possessive the way each language does", () => {
    expect(possessive("Alice")).toBe("Alice's");
    expect(possessive("Jess")).toBe("Jess'");
    setLanguage("de");
    expect(possessive("Alice")).toBe("Alices");
    expect(possessive("Hans")).toBe("Hans'");
    expect(possessive("Max")).toBe("Max'");
    expect(possessive("Bot 2")).toBe("Bot 2's");
    expect(possessive("Jürgen")).toBe("Jürgens");
  });

  it("joins lists with the language's own 'and' and capitalises a phrase that opens a sentence", () => {
    const and = ({ head, last }: { head: string; last: string }) => `${head} und ${last}`;
    expect(joinWith([], and)).toBe("");
    expect(joinWith(["a"], and)).toBe("a");
    expect(joinWith(["a", "b", "c"], and)).toBe("a, b und c");
    expect(capitalize("der Räuber")).toBe("Der Räuber");
  });
});
