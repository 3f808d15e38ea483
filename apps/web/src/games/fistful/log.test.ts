import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { type LogEvent, playOut, randomBot } from "@saloon/engine";
import { fistful } from "@saloon/fistful";
import { afterEach, describe, expect, it } from "vitest";
import { setLanguage } from "../../lib/i18n.ts";
import { describeEvent, isTurnMarker } from "./log.ts";

const names = ["Alice", "Bob", "Carla", "Dusty"];

/** Every `type: "…"` that rules.ts pushes into its event list. */
function eventTypesInRules(): string[] {
  const rulesPath = fileURLToPath(import.meta.resolve("@saloon/fistful")).replace(/index\.ts$/, "rules.ts");
  const source = readFileSync(rulesPath, "utf8");
  const types = new Set<string>();
  for (const match of source.matchAll(/events\.push\(\{\s*type:\s*"(\w+)"/g)) types.add(match[1]!);
  return [...types].sort();
}

function looksWritten(text: string, event: LogEvent): void {
  expect(text, JSON.stringify(event)).not.toMatch(/undefined|NaN|\[object|\?|fistful_/);
  expect(text.startsWith(event.type), `no sentence for "${event.type}"`).toBe(false);
  expect(text).toMatch(/^[A-ZÄÖÜ0-9]/);
  expect(text).toMatch(/[.!]$/);
}

/** The sentence in English and in German: both written, and really different languages. */
function writtenInBoth(event: LogEvent): void {
  setLanguage("en");
  const english = describeEvent(event, names);
  looksWritten(english, event);
  setLanguage("de");
  const german = describeEvent(event, names);
  looksWritten(german, event);
  // English words that a German sentence must not keep (the names and building ids may stay).
  expect(german, `${event.type} in German: ${german}`).not.toMatch(/\b(the|takes|draws|from|and|goes|builder|miner|robber|deputy|madame|stone)\b/);
  setLanguage("en");
}

afterEach(() => setLanguage("en"));

describe("describeEvent", () => {
  it("has a sentence for every event type the rules push", () => {
    const types = eventTypesInRules();
    expect(types.length).toBeGreaterThan(20);
    // Events seen in real games: 4-player bot games with random choices reach every branch quickly.
    const seen = new Map<string, LogEvent>();
    for (let g = 0; g < 40 && seen.size < types.length; g++) {
      const seats = 2 + (g % 3);
      const { events } = playOut(fistful, { seed: `log-${g}`, seats, choosers: g % 2 ? undefined : Array(seats).fill(randomBot) });
      for (const event of events) if (!seen.has(event.type)) seen.set(event.type, event);
    }
    for (const event of seen.values()) writtenInBoth(event);
    // Types that random games never produced still get a sentence from a hand-made event.
    const synthetic: Record<string, LogEvent> = {
      bagEmpty: { type: "bagEmpty", seat: 0, missing: 2 },
      leftTheGame: { type: "leftTheGame", meeple: "robber" },
      overflowToSaloon: { type: "overflowToSaloon", seat: 1, meeples: { builder: 2, madame: 0, deputy: 0, robber: 0, miner: 0 } },
      showdownBothDie: { type: "showdownBothDie", left: 0, right: 1, meeple: "miner" },
      madameToSaloon: { type: "madameToSaloon", seat: 0, space: "SR" },
      controllerNamed: { type: "controllerNamed", seat: 0, space: "SL", controller: 1 },
    };
    for (const type of types) {
      const event = seen.get(type) ?? synthetic[type];
      expect(event, `no sample for "${type}"`).toBeDefined();
      writtenInBoth(event!);
    }
  }, 20_000);

  it("names players and reads like a person wrote it", () => {
    expect(describeEvent({ type: "took", seat: 0, location: "T3", meeples: { madame: 0, deputy: 1, robber: 0, miner: 0, builder: 2 } }, names)).toBe(
      "Alice takes 1 deputy and 2 builders from T3.",
    );
    expect(describeEvent({ type: "took", seat: 1, location: "saloon", meeples: { madame: 1, deputy: 0, robber: 0, miner: 1, builder: 0 } }, names)).toBe(
      "Bob takes the madame and 1 miner from the Saloon.",
    );
    expect(describeEvent({ type: "directionChosen", seat: 1, direction: "ccw" }, names)).toBe("Bob goes counter-clockwise.");
    expect(describeEvent({ type: "placed", seat: 2, meeple: "deputy", space: "SL" }, names)).toBe("Carla places a deputy on the left showdown space.");
    expect(describeEvent({ type: "placed", seat: 2, meeple: "builder", space: "B4" }, names)).toBe("Carla places a builder on the door of B4.");
    expect(describeEvent({ type: "drew", seat: 0, reason: "robber", gold: 3, stone: 1 }, names)).toBe("Alice draws 3 gold and 1 stone robbing miners.");
    expect(describeEvent({ type: "signBuilt", seat: 3, building: "T2", gold: 1, stone: 2 }, names)).toBe("Dusty builds a sign on T2 for 1 gold + 2 stone.");
    expect(describeEvent({ type: "barTaken", seat: 1, price: 7 }, names)).toBe("Bob pays 7 gold for a gold bar (10 points).");
    expect(describeEvent({ type: "turnStarted", seat: 3 }, names)).toBe("Dusty's turn.");
    expect(describeEvent({ type: "turnStarted", seat: 0 }, ["Jess"])).toBe("Jess' turn.");
  });

  it("tells the showdown from both sides", () => {
    const showdown = describeEvent(
      { type: "showdown", seat: 0, left: { controller: 0, meeple: "deputy", roll: 2 }, right: { controller: 1, meeple: "robber", roll: 5 } },
      names,
    );
    expect(showdown).toBe("Showdown! Alice's deputy rolls 2, Bob's robber rolls 5.");
    expect(describeEvent({ type: "rerolled", seat: 0, from: 2, to: 6 }, names)).toBe("Alice rerolls the 2 and gets 6.");
    expect(describeEvent({ type: "showdownWon", seat: 0, meeple: "deputy", loser: 1, loserMeeple: "robber" }, names)).toBe(
      "Alice's deputy wins the showdown against Bob's robber and walks into the Saloon.",
    );
    expect(describeEvent({ type: "buried", meeple: "robber", grave: 3 }, names)).toBe("The robber is buried in grave 3 of 6.");
  });

  it("explains dynamite and the end", () => {
    expect(describeEvent({ type: "dynamiteExploded", seat: 1, returned: [2, 0, 1] }, names)).toBe(
      "Bob draws a dynamite and it explodes! Everyone gives back half their stone (Alice 2 and Carla 1).",
    );
    expect(describeEvent({ type: "dynamiteExploded", seat: 1, returned: [0, 0] }, names)).toBe("Bob draws a dynamite and it explodes! Nobody had stone to lose.");
    expect(describeEvent({ type: "endTriggered", seat: 0, reason: "bankEmpty" }, names)).toBe("The bank has no gold bars left: this is the last round.");
    expect(describeEvent({ type: "gameEnded", reason: "graveyardFull" }, names)).toBe("The game is over: the graveyard is full.");
  });

  it("falls back to seat numbers without names and never throws on odd input", () => {
    expect(describeEvent({ type: "signPlaced", seat: 1, building: "B6", points: 5 }, [])).toBe("Seat 2 puts a starting sign on B6 (5 points).");
    expect(describeEvent({ type: "somethingNew", seat: 0 }, names)).toBe("somethingNew (Alice)");
    expect(() => describeEvent({ type: "showdown" }, names)).not.toThrow();
  });

  it("writes German with the German edition's words and grammar", () => {
    setLanguage("de");
    expect(describeEvent({ type: "took", seat: 0, location: "T3", meeples: { madame: 0, deputy: 1, robber: 0, miner: 0, builder: 2 } }, names)).toBe(
      "Alice nimmt 1 Hilfssheriff und 2 Handwerker aus T3.",
    );
    expect(describeEvent({ type: "took", seat: 1, location: "saloon", meeples: { madame: 1, deputy: 0, robber: 0, miner: 1, builder: 0 } }, names)).toBe(
      "Bob nimmt die Wirtin und 1 Goldgräber aus dem Saloon.",
    );
    expect(describeEvent({ type: "took", seat: 1, location: "jail", meeples: { madame: 0, deputy: 0, robber: 3, miner: 0, builder: 0 } }, names)).toBe(
      "Bob nimmt 3 Räuber aus dem Gefängnis.",
    );
    expect(describeEvent({ type: "directionChosen", seat: 1, direction: "ccw" }, names)).toBe("Bob stellt entgegen dem Uhrzeigersinn auf.");
    expect(describeEvent({ type: "placed", seat: 2, meeple: "deputy", space: "SL" }, names)).toBe("Carla stellt einen Hilfssheriff auf das linke Showdown-Feld.");
    expect(describeEvent({ type: "placed", seat: 2, meeple: "madame", space: "B4" }, names)).toBe("Carla stellt die Wirtin auf das Tür-Feld von B4.");
    expect(describeEvent({ type: "startChosen", seat: 2, space: "SR" }, names)).toBe("Carla beginnt auf dem rechten Showdown-Feld.");
    expect(describeEvent({ type: "resolving", seat: 0, meeple: "robber", space: "T2" }, names)).toBe("Alice handelt den Räuber bei T2 ab.");
    expect(describeEvent({ type: "drew", seat: 0, reason: "deputy", gold: 3, stone: 1 }, names)).toBe("Alice zieht 3 Gold und 1 Stein für gefangene Räuber.");
    expect(describeEvent({ type: "signBuilt", seat: 3, building: "T2", gold: 1, stone: 2 }, names)).toBe("Dusty baut ein Schild auf T2 für 1 Gold + 2 Stein.");
    expect(describeEvent({ type: "robbersJailed", seat: 0, building: "B2", count: 1 }, names)).toBe("1 Räuber aus B2 kommt ins Gefängnis.");
    expect(describeEvent({ type: "robbersJailed", seat: 0, building: "B2", count: 2 }, names)).toBe("2 Räuber aus B2 kommen ins Gefängnis.");
    expect(describeEvent({ type: "bagEmpty", seat: 0, missing: 1 }, names)).toBe("Der Beutel ist leer: Alice fehlt 1 Würfel.");
    expect(describeEvent({ type: "turnStarted", seat: 3 }, names)).toBe("Dustys Zug.");
    expect(describeEvent({ type: "turnStarted", seat: 0 }, ["Jess"])).toBe("Jess' Zug.");
    expect(
      describeEvent({ type: "showdown", seat: 0, left: { controller: 0, meeple: "deputy", roll: 2 }, right: { controller: 1, meeple: "robber", roll: 5 } }, names),
    ).toBe("Showdown! Alices Hilfssheriff würfelt eine 2, Bobs Räuber würfelt eine 5.");
    expect(describeEvent({ type: "buried", meeple: "miner", grave: 3 }, names)).toBe("Der Goldgräber kommt in Grab 3 von 6 auf dem Friedhof.");
    expect(describeEvent({ type: "dynamiteExploded", seat: 1, returned: [2, 0, 1] }, names)).toBe(
      "Bob zieht ein Dynamit und es explodiert! Alle legen die Hälfte ihrer Steine zurück in den Beutel (Alice 2 und Carla 1).",
    );
    expect(describeEvent({ type: "gameEnded", reason: "bankEmpty" }, names)).toBe("Das Spiel ist vorbei: Die Bank hat keine Goldbarren mehr.");
  });

  it("marks where a turn begins", () => {
    expect(isTurnMarker({ type: "turnStarted", seat: 0 })).toBe(true);
    expect(isTurnMarker({ type: "placed", seat: 0 })).toBe(false);
  });
});
