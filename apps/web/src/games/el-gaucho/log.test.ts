import { readFileSync, readdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { elGaucho } from "@saloon/el-gaucho";
import { type LogEvent, playOut, randomBot } from "@saloon/engine";
import { afterEach, describe, expect, it } from "vitest";
import { setLanguage } from "../../lib/i18n.ts";
import { describeEvent, isTurnMarker } from "./log.ts";

const names = ["Alice", "Bob", "Carla", "Dusty"];

/** Every event `type: "…"` in the rules' sources (rules/*.ts), minus the action types, plus the die-action verbs. */
function eventTypesInRules(): string[] {
  const dir = join(dirname(fileURLToPath(import.meta.resolve("@saloon/el-gaucho"))), "rules");
  const types = new Set<string>();
  for (const file of readdirSync(dir).filter((f) => f.endsWith(".ts") && !f.endsWith(".test.ts"))) {
    const source = readFileSync(join(dir, file), "utf8");
    for (const match of source.matchAll(/type: "(\w+)"/g)) types.add(match[1]!);
    for (const match of source.matchAll(/const verb = \{([^}]*)\}/g)) for (const v of match[1]!.matchAll(/"(\w+)"/g)) types.add(v[1]!);
  }
  // Action types share the `type:` spelling; ACTION_TYPES lists them.
  const prompts = readFileSync(join(dir, "prompts.ts"), "utf8");
  const actions = /ACTION_TYPES = \[([^\]]*)\]/.exec(prompts)![1]!;
  for (const action of actions.matchAll(/"(\w+)"/g)) types.delete(action[1]!);
  return [...types].sort();
}

function looksWritten(text: string, event: LogEvent): void {
  expect(text, JSON.stringify(event)).not.toMatch(/undefined|NaN|\[object|\?|Something happened|Etwas ist passiert|gaucho_/);
  expect(text).toMatch(/^[A-ZÄÖÜ0-9]/);
  expect(text).toMatch(/[.!)]$/);
}

/** The sentence in English and in German: both written, and the German one without English words. */
function writtenInBoth(event: LogEvent): void {
  setLanguage("en");
  looksWritten(describeEvent(event, names), event);
  setLanguage("de");
  const german = describeEvent(event, names);
  looksWritten(german, event);
  expect(german, `${event.type} in German: ${german}`).not.toMatch(/\b(the|with|takes|and|tiles?|pasture|field|herd|brown|white|spotted|black|stable|overseer|round|turn)\b/i);
  setLanguage("en");
}

afterEach(() => setLanguage("en"));

describe("describeEvent", () => {
  it("has a sentence for every event type the rules push", () => {
    const types = eventTypesInRules();
    expect(types).toEqual(
      expect.arrayContaining(["stood", "laidDown", "raised", "sold", "laid", "steppeSeen", "kept", "gameOver", "overseerReplaced", "sortedIn", "retrieved"]),
    );
    const seen = new Map<string, LogEvent>();
    for (let g = 0; g < 24 && seen.size < types.length; g++) {
      const seats = 2 + (g % 3);
      const { events } = playOut(elGaucho, { seed: `log-${g}`, seats, choosers: g % 2 ? undefined : Array(seats).fill(randomBot) });
      for (const event of events) if (!seen.has(event.type)) seen.set(event.type, event);
    }
    // Hand-made samples for the rare ones.
    const synthetic: Record<string, LogEvent> = {
      retrieved: { type: "retrieved", seat: 1, row: 2, field: 0 },
      overseerReplaced: { type: "overseerReplaced", seat: 0, victim: 1, row: 0, field: 1, compensation: 7 },
      overseerRaised: { type: "overseerRaised", seat: 0, fields: [{ row: 0, field: 1 }, { row: 3, field: 2 }] },
      sortedIn: { type: "sortedIn", seat: 2, breed: "gold", value: 5, position: 1 },
      stole: { type: "stole", seat: 0, victim: 2, tile: { breed: "black", value: 9 }, compensation: 9 },
      finalDriveHome: { type: "finalDriveHome" },
    };
    for (const type of types) {
      const event = seen.get(type) ?? synthetic[type];
      expect(event, `no sample for "${type}"`).toBeDefined();
      writtenInBoth(event!);
    }
  });

  it("reads like a person wrote it", () => {
    expect(describeEvent({ type: "picked", seat: 0, dice: [2, 5] }, names)).toBe("Alice takes the dice 2 and 5 from the rodeo.");
    expect(
      describeEvent({ type: "stood", seat: 1, row: 0, field: 2, tile: { breed: "spotted", value: 7 }, dice: [3, 4], wish: false }, names),
    ).toBe("Bob sends a standing gaucho to spotted 7 on pasture 1, field 3 with a 3 and a 4.");
    expect(describeEvent({ type: "laidDown", seat: 2, row: 3, field: 0, tile: { breed: "gold", value: 11 }, dice: [], wish: true }, names)).toBe(
      "Carla lays a gaucho down on gold 11 on pasture 4, field 1 with the wish die.",
    );
    expect(describeEvent({ type: "occupied", seat: 0, area: "thief", dice: [4], wish: false }, names)).toBe(
      "Alice puts a gaucho on the cattle thief with a 4.",
    );
    expect(describeEvent({ type: "occupied", seat: 3, area: "steppe", dice: [], preRound: true }, names)).toBe(
      "Dusty puts a gaucho on the steppe before the first round.",
    );
    expect(describeEvent({ type: "sold", seat: 0, breed: "white", values: [2, 5, 9], price: 27, reason: "closed" }, names)).toBe(
      "Alice sells the white herd (2, 5, 9) for 27 pesos: the herd was closed by a tile that did not fit.",
    );
    expect(describeEvent({ type: "steppeLooked", seat: 1, count: 4 }, names)).toBe("Bob looks at the 4 tiles of the steppe.");
    expect(describeEvent({ type: "chose", seat: 2 }, names)).toBe("Carla has chosen which tiles to keep.");
    expect(describeEvent({ type: "gameOver", pesos: [40, 52] }, names)).toBe("Game over! Alice 40 pesos and Bob 52 pesos.");
    expect(describeEvent({ type: "roundStarted", round: 3, start: 1, dieless: false, dice: [1, 2, 2, 5, 6] }, names)).toBe(
      "Round 3 starts with Bob, who rolls 1, 2, 2, 5, 6.",
    );
    expect(describeEvent({ type: "steppeRefilled", count: 0, supplyLeft: 0 }, names)).toBe("The supply is empty: the steppe is not refilled.");
  });

  it("writes German with the German edition's words and grammar", () => {
    setLanguage("de");
    expect(describeEvent({ type: "picked", seat: 0, dice: [2, 5] }, names)).toBe("Alice nimmt die Würfel 2 und 5 aus dem Würfelrodeo.");
    expect(describeEvent({ type: "stood", seat: 1, row: 0, field: 2, tile: { breed: "spotted", value: 7 }, dice: [3, 4], wish: false }, names)).toBe(
      "Bob stellt mit einer 3 und einer 4 einen Gaucho aufrecht auf Gefleckt 7 (Weide 1, Feld 3).",
    );
    expect(describeEvent({ type: "laidDown", seat: 2, row: 3, field: 0, tile: { breed: "gold", value: 11 }, dice: [], wish: true }, names)).toBe(
      "Carla legt mit dem Wunschwürfel einen Gaucho flach auf Gold 11 (Weide 4, Feld 1).",
    );
    expect(describeEvent({ type: "occupied", seat: 0, area: "thief", dice: [4], wish: false }, names)).toBe("Alice setzt mit einer 4 einen Gaucho auf den Viehdieb.");
    expect(describeEvent({ type: "occupied", seat: 3, area: "wish", dice: [], preRound: true }, names)).toBe(
      "Dusty setzt vor der ersten Runde einen Gaucho auf den Rodeohelden.",
    );
    expect(describeEvent({ type: "recalled", seat: 3, area: "sale" }, names)).toBe("Dusty nimmt die Gauchos von der Estancia zurück.");
    expect(describeEvent({ type: "sold", seat: 0, breed: "white", values: [2, 5, 9], price: 27, reason: "closed" }, names)).toBe(
      "Alice verkauft die weiße Herde (2, 5, 9) für 27 Pesos: Ein unpassendes Kärtchen hat die Herde abgeschlossen.",
    );
    expect(describeEvent({ type: "saleBonus", seat: 0, pesos: 1 }, names)).toBe("Alice bekommt 1 Peso Bonus für den Sofortverkauf.");
    expect(describeEvent({ type: "overseerReplaced", seat: 0, victim: 1, row: 0, field: 1, compensation: 7 }, names)).toBe(
      "Alices Aufseher ersetzt Bobs liegenden Gaucho (Weide 1, Feld 2); Bob bekommt 7 Pesos.",
    );
    expect(describeEvent({ type: "overseerRaised", seat: 0, fields: [{ row: 0, field: 1 }] }, names)).toBe("Alices Aufseher richtet den Gaucho auf Weide 1, Feld 2 auf.");
    expect(describeEvent({ type: "refilled", tiles: [{ breed: "black", value: 2 }], supplyLeft: 9 }, names)).toBe("1 neues Kärtchen kommt in die Pampa; noch 9 im Vorrat.");
    expect(describeEvent({ type: "refilled", tiles: [{}, {}], supplyLeft: 7 }, names)).toBe("2 neue Kärtchen kommen in die Pampa; noch 7 im Vorrat.");
    expect(describeEvent({ type: "gameOver", pesos: [40, 52] }, names)).toBe("Spielende! Alice 40 Pesos und Bob 52 Pesos.");
    expect(describeEvent({ type: "turnStarted", seat: 0 }, ["Hans"])).toBe("Hans' Zug.");
  });

  it("marks turns and rounds", () => {
    expect(isTurnMarker({ type: "turnStarted", seat: 0 })).toBe(true);
    expect(isTurnMarker({ type: "roundStarted", round: 1 })).toBe(true);
    expect(isTurnMarker({ type: "picked", seat: 0 })).toBe(false);
  });
});
