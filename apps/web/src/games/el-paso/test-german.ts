/** Shared by the log tests (log.test.ts, sue-log.test.ts): an event's German sentence, checked. */
import type { LogEvent } from "@saloon/engine";
import { expect } from "vitest";
import { setLanguage } from "../../lib/i18n.ts";
import { describeEvent } from "./log.ts";

/** The same event in German: a written sentence without English words left in it. */
export function writtenInGerman(event: LogEvent, names: readonly string[]): string {
  setLanguage("de");
  try {
    const german = describeEvent(event, names);
    expect(german, JSON.stringify(event)).not.toMatch(/undefined|NaN|\[object|null|Etwas ist passiert|elpaso_/);
    expect(german).toMatch(/^[A-ZÄÖÜ0-9]/);
    expect(german).toMatch(/[.!)]$/);
    expect(german, `${event.type} in German: ${german}`).not.toMatch(
      /\b(the|and|takes|draws|with|from|for|builds|moves|gains|cards?|certificates?|token|worker|engineer|builder|trading post|step|points?|her|she)\b/,
    );
    return german;
  } finally {
    setLanguage("en");
  }
}

