import { describe, expect, it } from "vitest";
import { findGame, games } from "./index.ts";
import { runSolo } from "./sim-solo.ts";
import { simulateSolo } from "./simulate-solo.ts";

describe("the solo simulator", () => {
  it("reports Sue's and the bot's scores as the games gave them; the same seed gives the same figures", () => {
    const report = simulateSolo(2, 6, "solo-cat");
    expect(report).toMatchObject({ game: "el-paso", difficulty: 2, games: 6 });
    const sum = (c: Record<string, number>) => Object.values(c).reduce((a, b) => a + b, 0);
    expect(sum(report.sue.categories)).toBeCloseTo(report.sue.meanScore, 6);
    expect(sum(report.person.categories)).toBeCloseTo(report.person.meanScore, 6);
    expect(report.meanLead).toBeCloseTo(report.sue.meanScore - report.person.meanScore, 6);
    expect(report.sue.categories.money).toBe(0);
    expect(report.sue.turnsPerGame).toBeGreaterThan(5);
    expect(report.personWinShare).toBeGreaterThanOrEqual(report.personWinInterval[0]);
    expect(report.personWinShare).toBeLessThanOrEqual(report.personWinInterval[1]);
    const again = simulateSolo(2, 6, "solo-cat");
    expect([again.sue, again.person, again.meanLead]).toEqual([report.sue, report.person, report.meanLead]);
  }, 60_000);
  it("refuses games without a solo mode and bad arguments", () => {
    const quiet = console.error;
    console.error = () => {};
    try {
      expect(runSolo(games.fistful!, { games: "5", seed: "1", json: true })).toBe(2);
      const elPaso = findGame("el-paso")!;
      expect(runSolo(elPaso, { games: "x", seed: "1", json: true })).toBe(2);
      expect(runSolo(elPaso, { games: "5", seed: "1", json: true, difficulty: "4" })).toBe(2);
    } finally {
      console.error = quiet;
    }
  });
});
