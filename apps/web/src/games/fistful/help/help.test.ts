import { BUILDINGS, MEEPLE_SUPPLY, RULINGS, SHOOTING_RANK, SIGN_COST } from "@saloon/fistful";
import { afterEach, describe, expect, it } from "vitest";
import { expectEveryRulingExplained } from "../../../help/ruling-checks.ts";
import { setLanguage } from "../../../lib/i18n.ts";
import { costRows, factLines, meepleRows } from "./aid.ts";
import { rulings } from "./rulings.ts";

afterEach(() => setLanguage("en"));

describe("Fistful's player aid", () => {
  it("lists every meeple with its count in the box and the showdown reward for beating it", () => {
    const rows = meepleRows();
    expect(rows.map((r) => [r.type, r.inBox, r.showdownReward])).toEqual([
      ["madame", 1, null],
      ["deputy", 4, 4],
      ["robber", 5, 3],
      ["miner", 6, 2],
      ["builder", 21, 1],
    ]);
    expect(rows.reduce((sum, r) => sum + r.inBox, 0)).toBe(Object.values(MEEPLE_SUPPLY).reduce((a, b) => a + b, 0));
    // The fighters are listed best shooter first.
    const ranks = rows.filter((r) => r.type !== "madame").map((r) => SHOOTING_RANK[r.type as keyof typeof SHOOTING_RANK]);
    expect(ranks).toEqual([...ranks].sort((a, b) => b - a));
    for (const row of rows) expect(row.does.length).toBeGreaterThan(10);
  });

  it("groups the twelve buildings by the cost of their sign", () => {
    const rows = costRows();
    expect(rows.map((r) => [r.buildings.join(" "), r.text])).toEqual([
      ["T1 T6 B1 B6", "3 stone"],
      ["T2 T5 B2 B5", "1 gold + 2 stone"],
      ["T3 T4 B3 B4", "2 gold + 1 stone"],
    ]);
    expect(rows.flatMap((r) => r.buildings).sort()).toEqual([...BUILDINGS].sort());
    for (const row of rows) for (const building of row.buildings) expect(SIGN_COST[building]).toEqual(row.cost);
  });

  it("states the bank, the bag and the end with the printed numbers, in English and German", () => {
    expect(factLines()).toEqual([
      "Gold bars cost 6, 6, 7, 7, 8, and 8 gold, always the cheapest first; at most one per turn, 10 points each.",
      "A miner at a sign lets its owner draw 2 (5-point sign) or 4 (10-point sign).",
      "The bag starts with 36 gold and 18 stone; 3 dynamite wait in the Jail. Everyone has 8 signs.",
      "The game ends after the round in which the bank is empty, all 6 graves are taken or all 3 dynamite have exploded.",
      "Points: 1 per gold, 10 per gold bar, 5 or 10 per sign.",
    ]);
    setLanguage("de");
    expect(factLines()[0]).toBe("Goldbarren kosten 6, 6, 7, 7, 8 und 8 Gold, immer der billigste zuerst; höchstens einer pro Zug, je 10 Punkte.");
    expect(factLines()[3]).toBe("Das Spiel endet nach der Runde, in der die Bank leer ist, alle 6 Gräber belegt sind oder alle 3 Dynamitwürfel explodiert sind.");
  });
});

describe("Fistful's rulings in the help", () => {
  it("explains every ruling of rulings.ts in English and German", () => {
    expectEveryRulingExplained({ rulings: RULINGS, folder: import.meta.dirname, prefix: "fistful_help_ruling_", lines: rulings });
  });
});
