import { readFileSync } from "node:fs";
import { elPaso } from "@saloon/el-paso";
import { type LogEvent, playOut, randomBot } from "@saloon/engine";
import { afterEach, describe, expect, it } from "vitest";
import { setLanguage } from "../../lib/i18n.ts";
import { describeEvent, isTurnMarker } from "./log.ts";
import { writtenInGerman } from "./test-german.ts";

const names = ["Annie", "Bill", "Calamity", "Doc"];

/** Every `type: "…"` in the rules' source (prompts and perform), minus the action types, plus the events named like an action ("aux"). */
function eventTypesInRules(): string[] {
  const read = (file: string) => readFileSync(new URL(`../../../../../packages/games/el-paso/src/${file}`, import.meta.url), "utf8");
  const source = `${read("prompts.ts")}\n${read("rules.ts")}`;
  const types = new Set([...source.matchAll(/type: "(\w+)"/g)].map((m) => m[1]!));
  const actions = /ACTION_TYPES = \[([^\]]*)\]/.exec(source)![1]!;
  for (const action of actions.matchAll(/"(\w+)"/g)) types.delete(action[1]!);
  for (const m of source.matchAll(/events\.push\(\{ type: "(\w+)"/g)) types.add(m[1]!);
  // Chosen types: `type: existing ? "upgraded" : "built"`.
  for (const m of source.matchAll(/type: [\w.]+ \? "(\w+)" : "(\w+)"/g)) types.add(m[1]!).add(m[2]!);
  return [...types].sort();
}

function looksWritten(text: string, event: LogEvent): void {
  expect(text, JSON.stringify(event)).not.toMatch(/undefined|NaN|\[object|null|Something happened|Etwas ist passiert|elpaso_/);
  expect(text).toMatch(/^[A-ZÄÖÜ0-9]/);
  expect(text).toMatch(/[.!)]$/);
}

afterEach(() => setLanguage("en"));

describe("El Paso log sentences", () => {
  it("has a sentence for every event type the rules push", () => {
    const types = eventTypesInRules();
    expect(types).toEqual(expect.arrayContaining(["moved", "built", "delivered", "revealedHand", "tookSimmental", "drewCattle", "gameOver"]));
    const rare: Record<string, LogEvent> = {
      noDisc: { type: "noDisc", seat: 1 },
      simmentalSpace: { type: "simmentalSpace", seat: 2 },
      upgraded: { type: "upgraded", seat: 0, node: "T05", building: 4, tile: "BT4-1", wild: 1, paid: 4 },
      removedCattle: { type: "removedCattle", seat: 0, card: "C-CRI-0-1" },
      gainedCattle: { type: "gainedCattle", seat: 3, card: "C-COR-02", paid: 0 },
    };
    // Real events from a few games until every type has a sample (the rare ones are written above).
    const seen = new Map<string, LogEvent>();
    const missing = () => types.filter((t) => !seen.has(t) && !rare[t]);
    for (let g = 0; g < 8 && missing().length > 0; g++) {
      const seats = 2 + (g % 3);
      const { events } = playOut(elPaso, { seed: `log-${g}`, seats, choosers: g % 2 ? undefined : Array(seats).fill(randomBot) });
      for (const event of events) if (!seen.has(event.type)) seen.set(event.type, event);
    }
    for (const type of types) {
      const event = seen.get(type) ?? rare[type];
      expect(event, `no sample of "${type}"`).toBeDefined();
      looksWritten(describeEvent(event!, names), event!);
      writtenInGerman(event!, names);
    }
  }, 20_000);

  it("says what happened in plain words, with the players' names", () => {
    expect(describeEvent({ type: "revealedHand", seat: 1, cards: ["C-CRI-1-1", "C-ANG-03", "C-ANG-04"], breedingValue: 4 }, names)).toBe(
      "Bill reveals Criollo, Black Angus and Black Angus: breeding value 4.",
    );
    expect(describeEvent({ type: "delivered", seat: 0, post: "P09", disc: "D4", spent: 2, money: -3 }, names)).toBe(
      "Annie delivers to trading post 9 with disc 4, spending 2 certificates (pays $3).",
    );
    expect(describeEvent({ type: "moved", seat: 2, to: "T00", cowboys: 1 }, names)).toBe("Calamity moves to El Paso, using 1 cowboy for extra steps.");
    expect(describeEvent({ type: "tookSimmental", seat: 3, card: "C-SIM-01", left: 1 }, names)).toBe("Doc reaches El Paso and takes a Simmental: 1 Simmental left.");
    expect(describeEvent({ type: "moved", seat: 0, to: "T08", cowboys: 0 }, names, () => "Building D")).toBe("Annie moves to Building D.");
    expect(describeEvent({ type: "hired", seat: 1, worker: "ENG", paid: 5 }, names)).toBe("Bill hires an engineer for $5.");
    expect(describeEvent({ type: "drew", seat: 2, cattle: 2, workers: ["W-ENG-01", "W-WLD-03"] }, names)).toBe(
      "Calamity draws 2 cattle cards, an engineer and a wild worker (workers go straight to the worker area).",
    );
    expect(isTurnMarker({ type: "turn", seat: 0 })).toBe(true);
    expect(isTurnMarker({ type: "moved", seat: 0 })).toBe(false);
  });

  it("writes German with the German edition's words and grammar", () => {
    setLanguage("de");
    expect(describeEvent({ type: "revealedHand", seat: 1, cards: ["C-CRI-1-1", "C-ANG-03", "C-ANG-04"], breedingValue: 4 }, names)).toBe(
      "Bill zeigt Criollo, Black Angus und Black Angus: Zuchtwert 4.",
    );
    expect(describeEvent({ type: "delivered", seat: 0, post: "P09", disc: "D4", spent: 2, money: -3 }, names)).toBe(
      "Annie liefert zu Handelsposten 9 mit Scheibe 4 und gibt 2 Zertifikate aus (zahlt $3).",
    );
    expect(describeEvent({ type: "moved", seat: 2, to: "T00", cowboys: 1 }, names)).toBe("Calamity zieht nach El Paso und nutzt 1 Cowboy für zusätzliche Schritte.");
    expect(describeEvent({ type: "moved", seat: 0, to: "T08", cowboys: 0 }, names, () => "Gebäude D")).toBe("Annie zieht zu Gebäude D.");
    expect(describeEvent({ type: "hired", seat: 1, worker: "ENG", paid: 5 }, names)).toBe("Bill stellt einen Ingenieur für $5 an.");
    expect(describeEvent({ type: "hired", seat: 1, worker: "WLD", paid: 0 }, names)).toBe("Bill stellt einen Joker gratis an.");
    expect(describeEvent({ type: "drew", seat: 2, cattle: 2, workers: ["W-ENG-01", "W-WLD-03"] }, names)).toBe(
      "Calamity zieht 2 Rinderkarten, einen Ingenieur und einen Joker (die Arbeiter kommen direkt in den Arbeiterbereich).",
    );
    expect(describeEvent({ type: "boughtCattle", seat: 3, card: "C-ANG-02", paid: 4, wild: 1 }, names)).toBe("Doc kauft eine Black-Angus-Karte für $4 (mit 1 Joker).");
    expect(describeEvent({ type: "tookSimmental", seat: 3, card: "C-SIM-01", left: 1 }, names)).toBe("Doc erreicht El Paso und nimmt eine Simmental: noch 1 Simmental.");
    expect(describeEvent({ type: "gainedCertificates", seat: 0, certificates: 0 }, names)).toBe("Annies Zertifikatsleiste ist voll.");
    expect(describeEvent({ type: "turn", seat: 3 }, names)).toBe("Docs Zug.");
  });
});
