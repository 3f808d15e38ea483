import { describe, expect, it } from "vitest";
import { findGame, games } from "./index.ts";
import { simulateMany, wilsonInterval } from "./simulate-many.ts";

describe("catalog", () => {
  it("registers each game under its own id", () => {
    for (const [id, game] of Object.entries(games)) expect(game.id).toBe(id);
    expect(findGame("fistful")?.title).toBe("A Fistful of Meeples");
    expect(findGame("toString")).toBeUndefined();
  });

  it("the simulator's report matches the games it played", () => {
    const report = simulateMany(games.fistful!, 3, 20, "cat");
    expect(report.games).toBe(20);
    expect(report.seats).toHaveLength(3);
    expect(report.gamesPerSecond).toBeGreaterThan(0);
    // Win shares add up to at least 1 per game (more only with shared wins).
    expect(report.seats.reduce((sum, s) => sum + s.winShare, 0)).toBeGreaterThanOrEqual(1);
    const meanOfSeats = report.seats.reduce((sum, s) => sum + s.meanScore, 0) / 3;
    const meanOfCategories = Object.values(report.categories).reduce((a, b) => a + b, 0);
    expect(meanOfCategories).toBeCloseTo(meanOfSeats, 6);
    // Same seed, same games.
    expect(simulateMany(games.fistful!, 3, 20, "cat").seats).toEqual(report.seats);
    for (const s of report.seats) {
      expect(s.winInterval[0]).toBeLessThanOrEqual(s.winShare);
      expect(s.winInterval[1]).toBeGreaterThanOrEqual(s.winShare);
    }
    expect(report.meanWinningScore).toBeGreaterThanOrEqual(report.meanScore);
    // Every action of these all-bot games was a timed bot decision.
    expect(report.decisions.count).toBe(Math.round(report.actionsPerGame * report.games));
    expect(report.decisions.medianMs).toBeLessThanOrEqual(report.decisions.p95Ms);
    expect(report.stats).toEqual({});
  });

  it("the 95 % Wilson interval", () => {
    // 50 of 100: 40.4 %–59.6 %; 0 of 10 still leaves room above 0.
    const [low, high] = wilsonInterval(50, 100);
    expect(low).toBeCloseTo(0.4038, 3);
    expect(high).toBeCloseTo(0.5962, 3);
    expect(wilsonInterval(0, 10)[0]).toBe(0);
    expect(wilsonInterval(0, 10)[1]).toBeCloseTo(0.2775, 3);
  });

  it("a game's own figures are averaged per player (El Paso: turns, deliveries, objectives)", () => {
    const report = simulateMany(findGame("el-paso")!, 2, 2, "cat");
    expect(report.stats.turns).toBeGreaterThan(5);
    expect(report.stats.deliveries).toBeGreaterThan(2);
    expect(report.stats.objectivesMet).toBeLessThanOrEqual(report.stats.objectivesHeld!);
  }, 60_000);
});
