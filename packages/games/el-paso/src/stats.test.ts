import { playOut } from "@saloon/engine";
import { describe, expect, it } from "vitest";
import { elPaso } from "./index.ts";
import { bestObjectives } from "./scoring.ts";

describe("simulation figures", () => {
  it("count what the game shows: discs placed, turns taken, objectives met", () => {
    const { state, events } = playOut(elPaso, { seed: "stats", seats: 3 });
    const stats = elPaso.stats!(state, events);
    expect(stats).toHaveLength(3);
    state.players.forEach((p, seat) => {
      const s = stats[seat]!;
      const noDisc = events.filter((e) => e.type === "noDisc" && e.seat === seat).length;
      expect(s.deliveries).toBe(7 - p.discs.length + noDisc);
      expect(s.turns).toBe(events.filter((e) => e.type === "turn" && e.seat === seat).length);
      expect(s.objectivesHeld).toBe(p.objectives.length);
      expect(s.objectivesMet).toBe(bestObjectives(state, seat).met.length);
      expect(s.darkPostDeliveries).toBe(["P10", "P12", "P16"].reduce((n, post) => n + state.posts[post as "P10"].filter((d) => d.seat === seat).length, 0));
    });
    // Turns alternate: nobody is more than one turn ahead of a later seat.
    expect(Math.max(...stats.map((s) => s.turns!)) - Math.min(...stats.map((s) => s.turns!))).toBeLessThanOrEqual(1);
  });
});
