import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { m } from "../paraglide/messages.js";
import { formatNumber, initialLocale, language, locales, setLanguage } from "./i18n.ts";

const web = join(import.meta.dirname, "../..");
const settings = JSON.parse(readFileSync(join(web, "project.inlang/settings.json"), "utf8")) as {
  baseLocale: string;
  locales: string[];
  "plugin.inlang.messageFormat": { pathPattern: string[] };
};
const patterns = settings["plugin.inlang.messageFormat"].pathPattern;

type Messages = Record<string, unknown>;
const read = (pattern: string, locale: string): Messages => {
  const messages = JSON.parse(readFileSync(join(web, pattern.replace("{locale}", locale)), "utf8")) as Messages;
  delete messages.$schema;
  return messages;
};

/** The {placeholders} a message uses, in every variant: a translation must use the same ones. */
function placeholders(message: unknown): string[] {
  const found = new Set<string>();
  const walk = (value: unknown) => {
    if (typeof value === "string") for (const match of value.matchAll(/\{(\w+)\}/g)) found.add(match[1]!);
    else if (Array.isArray(value)) value.forEach(walk);
    else if (value && typeof value === "object") Object.values(value).forEach(walk);
  };
  walk(message);
  return [...found].sort();
}

describe("translations", () => {
  it.each(patterns)("%s: every message exists in every language, with the same placeholders", (pattern) => {
    const base = read(pattern, settings.baseLocale);
    for (const locale of settings.locales) {
      const other = read(pattern, locale);
      expect(Object.keys(other).sort(), `${locale} keys of ${pattern}`).toEqual(Object.keys(base).sort());
      for (const [key, message] of Object.entries(base)) {
        expect(placeholders(other[key]), `${locale} ${key}`).toEqual(placeholders(message));
        expect(JSON.stringify(other[key]).length, `${locale} ${key} is empty`).toBeGreaterThan(2);
      }
    }
  });

  it("keeps message names unique across the shell's and the games' files", () => {
    const seen = new Map<string, string>();
    for (const pattern of patterns) {
      for (const key of Object.keys(read(pattern, settings.baseLocale))) {
        expect(seen.get(key), `${key} is in ${pattern} and ${seen.get(key)}`).toBeUndefined();
        seen.set(key, pattern);
      }
    }
  });

  it("offers exactly English and German", () => {
    expect([...locales].sort()).toEqual(["de", "en"]);
  });
});

describe("the reader's language", () => {
  it("takes a saved choice first, then the browser's languages, then English", () => {
    expect(initialLocale("de", ["en-US"])).toBe("de");
    expect(initialLocale(null, ["fr-FR", "de-AT", "en"])).toBe("de");
    expect(initialLocale("xx", ["EN-gb"])).toBe("en");
    expect(initialLocale(null, ["fr", "es"])).toBe("en");
  });

  it("switches every message and number format at once", () => {
    setLanguage("de");
    expect(language()).toBe("de");
    expect(m.app_back_to_lobby()).toBe("Zurück zur Lobby");
    expect(formatNumber(1234.5)).toBe("1.234,5");
    setLanguage("en");
    expect(m.app_back_to_lobby()).toBe("Back to the lobby");
    expect(formatNumber(1234.5)).toBe("1,234.5");
  });
});
