import { readFileSync } from "node:fs";
import { type Difficulty, type ElPasoOptions, elPaso } from "@saloon/el-paso";
import { type LogEvent, playOut, randomBot } from "@saloon/engine";
import { afterEach, describe, expect, it } from "vitest";
import { setLanguage } from "../../lib/i18n.ts";
import { describeEvent } from "./log.ts";
import { describeWaiting } from "./prompt.ts";
import { writtenInGerman } from "./test-german.ts";
import { botCardText } from "./sue-log.ts";

const names = ["Annie", "Sue"];
const solo = (difficulty: Difficulty): ElPasoOptions => ({ ...elPaso.defaultOptions, solo: true, difficulty });

/** Every event type Sue's turn pushes (`type: "…"` in sue-turn.ts, minus her prompt's option). */
function sueEventTypes(): string[] {
  const source = readFileSync(new URL("../../../../../packages/games/el-paso/src/sue-turn.ts", import.meta.url), "utf8");
  const types = new Set([...source.matchAll(/type: "(\w+)"/g)].map((m) => m[1]!));
  types.delete("sueStep");
  return [...types].sort();
}

afterEach(() => setLanguage("en"));

describe("Sue's turn in the log", () => {
  it("has a written sentence for every event her turn pushes, met in real solo games", () => {
    const types = sueEventTypes();
    expect(types).toEqual(expect.arrayContaining(["sueDrew", "sueMoved", "sueDrewSupply", "sueDelivered", "sueBuilt"]));
    const seen = new Map<string, LogEvent>();
    // Rare ones, written out: her supply runs dry and her market sells out only in long games.
    const rare: Record<string, LogEvent> = {
      sueSupplyEmpty: { type: "sueSupplyEmpty", seat: 1 },
      sueUpgraded: { type: "sueUpgraded", seat: 1, node: "T09", from: 2, building: 4, tile: "CB4a", builders: 4 },
    };
    for (let g = 0; g < 6 && types.some((t) => !seen.has(t) && !rare[t]); g++) {
      const { events } = playOut(elPaso, { seed: `sue-log-${g}`, seats: 2, options: solo((g % 4) as Difficulty), choosers: [randomBot, (game, state) => game.prompts(state)[0]!.options[0]!] });
      for (const event of events) if (!seen.has(event.type)) seen.set(event.type, event);
    }
    for (const type of types) {
      const event = seen.get(type) ?? rare[type];
      expect(event, `no sample of "${type}"`).toBeDefined();
      const text = describeEvent(event!, names);
      expect(text, JSON.stringify(event)).not.toMatch(/undefined|NaN|\[object|null|Something happened|unknown/);
      if (type.startsWith("sue")) expect(text).toMatch(/^Sue|^Both of Sue/);
      expect(text).toMatch(/[.!)]$/);
      const german = writtenInGerman(event!, names);
      if (type.startsWith("sue")) expect(german).toMatch(/^Sue/);
    }
  }, 30_000);

  it("tells each step the way the card and the rules decided it", () => {
    const name = () => "Building D";
    expect(describeEvent({ type: "sueDrew", seat: 1, card: "A5", deckLeft: 6 }, names)).toBe(
      "Sue draws bot card A5: 1 step per engineer, then a train card (by her engineers) (6 cards left in her deck).",
    );
    expect(describeEvent({ type: "sueMoved", seat: 1, card: "A5", from: "T00", to: "T08", steps: 2, route: ["T03", "T08"], per: "ENG", workers: 2, stoppedInElPaso: false }, names, name)).toBe(
      "Sue moves 2 steps (1 per engineer, she has 2) to Building D.",
    );
    expect(describeEvent({ type: "sueMoved", seat: 1, card: "A3", from: "T14", to: "T00", steps: 3, route: ["T00"], stoppedInElPaso: true }, names)).toBe(
      "Sue moves 3 steps to El Paso; El Paso stops her.",
    );
    expect(describeEvent({ type: "sueTookTrain", seat: 1, train: 2, side: "F", engineers: 2 }, names)).toBe("Sue takes train card 2 (2 engineers).");
    expect(describeEvent({ type: "sueDrewSupply", seat: 1, card: "W-WLD-02", to: "COW", reason: "card" }, names)).toBe(
      "Sue draws a wild worker from her supply: it joins her cowboys for the rest of the game.",
    );
    expect(describeEvent({ type: "sueDrewSupply", seat: 1, card: "C-COR-01", to: "cattle", reason: "train" }, names)).toBe(
      "Sue draws a Corriente from her supply instead of hiring onto her cattle stack.",
    );
    expect(describeEvent({ type: "sueChose", seat: 1, action: "build", worker: "BLD", workers: 3 }, names)).toBe("Sue has the most builders (3), so she chooses the build.");
    expect(describeEvent({ type: "sueNothing", seat: 1, action: "market", reason: "noCowboys" }, names)).toBe("Sue: she has no cowboy, so the market gives her nothing.");
    expect(describeEvent({ type: "sueDelivered", seat: 1, post: "P07", disc: "D2", reward: "GAIN_TILE" }, names)).toBe("Sue delivers to trading post 7 with disc 2.");
  });

  it("says in the banner which step of her turn the table waits for", () => {
    let state = elPaso.setup("sue-wait", 2, solo(0));
    const waits: string[] = [];
    for (let n = 0; n < 400 && waits.length < 4; n++) {
      const prompt = elPaso.prompts(state)[0]!;
      if (prompt.seat === 1) waits.push(describeWaiting(prompt.kind, elPaso.view(state, null)));
      const result = elPaso.apply(state, prompt.seat, prompt.options[0]!);
      if (!result.ok) throw new Error(result.error.message);
      state = result.state;
    }
    expect(waits[0]).toBe("drawing her bot card");
    expect(waits[1]).toMatch(/^playing bot card A\d$/);
  });

  it("describes every bot card from its data", () => {
    expect(botCardText("A1")).toBe("1 step, then 2 cards from her supply");
    expect(botCardText("A7")).toBe("2 steps, then market, train or building, whichever she has most workers for");
    expect(botCardText("B9")).toBe("an unknown card");
  });

  it("tells her turn in German, with the edition's Automa words", () => {
    setLanguage("de");
    expect(describeEvent({ type: "sueDrew", seat: 1, card: "A5", deckLeft: 6 }, names)).toBe(
      "Sue zieht Automa-Karte A5: 1 Schritt je Ingenieur, dann eine Zugkarte (nach ihren Ingenieuren) (noch 6 Karten in ihrem Stapel).",
    );
    expect(describeEvent({ type: "sueMoved", seat: 1, card: "A3", from: "T14", to: "T00", steps: 3, route: ["T00"], stoppedInElPaso: true }, names)).toBe(
      "Sue zieht 3 Schritte nach El Paso; El Paso stoppt sie.",
    );
    expect(describeEvent({ type: "sueDrewSupply", seat: 1, card: "W-WLD-02", to: "COW", reason: "card" }, names)).toBe(
      "Sue zieht einen Joker von ihrem Vorratsstapel: Er zählt für den Rest des Spiels zu ihren Cowboys.",
    );
    expect(describeEvent({ type: "sueChose", seat: 1, action: "build", worker: "BLD", workers: 3 }, names)).toBe("Sue hat die meisten Baumeister (3), also wählt sie das Bauen.");
    expect(describeEvent({ type: "sueTookCattle", seat: 1, card: "C-HER-01", reason: "maxedOut" }, names)).toBe(
      "Sues beide Gebäude sind voll ausgebaut: Sie nimmt eine Hereford-Karte.",
    );
    expect(botCardText("A1")).toBe("1 Schritt, dann 2 Karten von ihrem Vorratsstapel");
  });
});
