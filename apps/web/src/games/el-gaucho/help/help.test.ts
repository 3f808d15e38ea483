import { AREA_VALUES, AREAS, RULINGS, smallNumber } from "@saloon/el-gaucho";
import { afterEach, describe, expect, it } from "vitest";
import { expectEveryRulingExplained } from "../../../help/ruling-checks.ts";
import { setLanguage } from "../../../lib/i18n.ts";
import { areaRows, playerCountRows, ruleLines, smallNumbers } from "./aid.ts";
import { rulings } from "./rulings.ts";

afterEach(() => setLanguage("en"));

describe("El Gaucho's player aid", () => {
  it("names each action area with the die values that take it", () => {
    const rows = areaRows();
    expect(rows.map((r) => r.area)).toEqual([...AREAS]);
    expect(rows.map((r) => [r.area, r.diceText])).toEqual([
      ["stable", "1, 2, or 3"],
      ["wish", "1, 2, or 3"],
      ["sale", "1, 2, or 3"],
      ["thief", "4"],
      ["overseer", "5"],
      ["steppe", "6"],
    ]);
    for (const row of rows) {
      expect(row.dice).toEqual(AREA_VALUES[row.area]);
      expect(row.does.length).toBeGreaterThan(20);
    }
    setLanguage("de");
    expect(areaRows()[0]!.diceText).toBe("1, 2 oder 3");
  });

  it("prints the small number of every large number, 11 → 5 as in the rulebook", () => {
    const table = smallNumbers();
    expect(table).toHaveLength(12);
    expect(table.find((n) => n.large === 11)?.small).toBe(5);
    expect(table.map((n) => n.small)).toEqual([1, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6]);
    for (const n of table) expect(n.small).toBe(smallNumber(n.large));
  });

  it("gives dice, gauchos, pre-round tiles and pasture fields per player count", () => {
    expect(playerCountRows()).toEqual([
      { players: 2, dice: 5, gauchos: 8, hand: 5, pastures: [2, 3, 3, 4] },
      { players: 3, dice: 7, gauchos: 8, hand: 4, pastures: [3, 4, 4, 5] },
      { players: 4, dice: 9, gauchos: 7, hand: 3, pastures: [3, 4, 5, 6] },
    ]);
  });

  it("states sales, the instant sale, the pasture limit and the pre-round keep rule in both languages", () => {
    expect(ruleLines()).toEqual([
      "A herd sells for tiles × highest value, e.g. 4 × 9 = 36.",
      "Instant sale (estancia): a herd of at least 2 tiles, plus 5 pesos.",
      "Pastures are filled until their large numbers add up to 20 or more.",
      "Pre-round: keep 1 tile of any value, 2 tiles of at most 8 each, or 3 tiles of at most 4 each.",
    ]);
    setLanguage("de");
    expect(ruleLines()[3]).toBe("Vorrunde: behalte 1 Kärtchen mit beliebigem Wert, 2 Kärtchen mit Werten von höchstens 8 oder 3 Kärtchen mit Werten von höchstens 4.");
  });
});

describe("El Gaucho's rulings in the help", () => {
  it("explains every ruling of rulings.ts in English and German", () => {
    expectEveryRulingExplained({ rulings: RULINGS, folder: import.meta.dirname, prefix: "gaucho_help_ruling_", lines: rulings });
  });
});
