/**
 * Shared checks for each game's help test: every ruling of a rules package's RULINGS has a text
 * in English and German, shown in RULINGS' order, and no text is left over from a ruling that is
 * gone. The list comes from RULINGS itself, so a new ruling without a text fails the test.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expect } from "vitest";
import { setLanguage } from "../lib/i18n.ts";
import type { RulingLine } from "./types.ts";

export function expectEveryRulingExplained(options: {
  rulings: Record<string, { source: string }>;
  /** The game's help messages folder (with en.json and de.json). */
  folder: string;
  prefix: string;
  lines: () => RulingLine[];
}): void {
  const ids = Object.keys(options.rulings);
  expect(ids.length).toBeGreaterThan(0);
  const texts: Record<string, string[]> = {};
  for (const locale of ["en", "de"] as const) {
    const messages = JSON.parse(readFileSync(join(options.folder, `${locale}.json`), "utf8")) as Record<string, string>;
    const missing = ids.filter((id) => {
      const text = messages[`${options.prefix}${id}`];
      return typeof text !== "string" || text.trim() === "";
    });
    expect(missing, `${locale}: rulings without a text`).toEqual([]);
    const stale = Object.keys(messages).filter((key) => key.startsWith(options.prefix) && !ids.includes(key.slice(options.prefix.length)));
    expect(stale, `${locale}: texts for rulings that are not in rulings.ts`).toEqual([]);

    setLanguage(locale);
    const lines = options.lines();
    expect(lines.map((line) => line.id)).toEqual(ids);
    for (const line of lines) {
      expect(line.source).toBe(options.rulings[line.id]!.source);
      expect(line.text.length, `${locale} ${line.id}`).toBeGreaterThan(20);
    }
    texts[locale] = lines.map((line) => line.text);
  }
  setLanguage("en");
  // Each German text is a translation, not the English one copied over.
  texts.en!.forEach((english, i) => expect(texts.de![i], ids[i]).not.toBe(english));
}
