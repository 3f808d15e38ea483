import { JOIN_ERROR_CODES, PROTOCOL_ERROR_CODES, formatJoinError } from "@saloon/protocol";
import { afterEach, describe, expect, it } from "vitest";
import { JOIN_ERROR_TEXTS, TABLE_ERROR_TEXTS, tableErrorText } from "./errors.ts";
import { locales, setLanguage } from "./i18n.ts";
import { joinFailure } from "./table.svelte.ts";

afterEach(() => setLanguage("en"));

/** Every text of `texts` for `codes`, in one language. */
function said(codes: readonly string[], say: (code: string) => string, locale: (typeof locales)[number]): string[] {
  setLanguage(locale);
  return codes.map(say);
}

describe("the server's error codes in the reader's language", () => {
  // The lists come from the protocol package, so a code added there without a text here fails.
  it.each([
    ["table refusals", PROTOCOL_ERROR_CODES, (code: string) => tableErrorText(code, "SERVER WORDS")],
    ["join failures", JOIN_ERROR_CODES, (code: string) => joinFailure(new Error(formatJoinError(code as never, "SERVER WORDS")))],
  ] as const)("%s: every code has its own text in every language, never the server's English", (_what, codes, say) => {
    expect(codes.length).toBeGreaterThan(5);
    const byLocale = Object.fromEntries(locales.map((locale) => [locale, said(codes, say, locale)]));
    for (const locale of locales) {
      for (const [index, text] of byLocale[locale]!.entries()) {
        expect(text, `${locale} ${codes[index]}`).not.toContain("SERVER WORDS");
        expect(text.length, `${locale} ${codes[index]}`).toBeGreaterThan(10);
        expect(text, `${locale} ${codes[index]} is a message name`).not.toMatch(/^[a-z_]+$/);
      }
      // One text per code: two codes saying the same thing would hide which one it was.
      expect(new Set(byLocale[locale]).size, `${locale} texts are distinct`).toBe(codes.length);
    }
    // German is German: no code falls back to the English text.
    byLocale.de!.forEach((text, index) => expect(text, codes[index]).not.toBe(byLocale.en![index]));
  });

  it("has no text for a code the protocol does not define", () => {
    expect(Object.keys(TABLE_ERROR_TEXTS).sort()).toEqual([...PROTOCOL_ERROR_CODES].sort());
    expect(Object.keys(JOIN_ERROR_TEXTS).sort()).toEqual([...JOIN_ERROR_CODES].sort());
  });

  it("falls back to the server's words only for a code it does not know", () => {
    setLanguage("de");
    expect(tableErrorText("NOT_YOUR_TURN", "Not your turn")).toBe("Du bist gerade nicht dran.");
    expect(tableErrorText("CODE_FROM_THE_FUTURE", "Something new went wrong")).toBe("Something new went wrong");
    expect(tableErrorText("CODE_FROM_THE_FUTURE", "")).toBe("CODE_FROM_THE_FUTURE");
    // Inherited object keys are not codes.
    expect(tableErrorText("toString", "server text")).toBe("server text");
    expect(joinFailure(new Error("TABLE_FULL: Every seat is taken"))).toBe("Alle Plätze an diesem Tisch sind besetzt. Zuschauen kannst du trotzdem.");
    expect(joinFailure(new Error("room is locked"))).toBe("room is locked");
    expect(joinFailure(new Error('no rooms found with provided criteria'))).toBe("Diesen Tisch gibt es nicht mehr (oder der Link ist falsch).");
  });
});
