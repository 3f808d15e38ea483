import { gameBot, playOut, randomBot } from "@saloon/engine";
import { describe, expect, it } from "vitest";
import { elPaso } from "./index.ts";

describe("bot", () => {
  it("beats a player choosing uniformly among the options", () => {
    let bot = 0;
    let random = 0;
    for (let i = 0; i < 20; i++) {
      // Seats alternate so that seat order does not decide.
      const botSeats = i % 2 === 0 ? [0, 2] : [1, 3];
      const result = playOut(elPaso, {
        seed: `vs-${i}`,
        seats: 4,
        choosers: [0, 1, 2, 3].map((seat) => (botSeats.includes(seat) ? gameBot : randomBot)),
      });
      for (const line of elPaso.scores(result.state)!.lines) {
        if (botSeats.includes(line.seat)) bot += line.total;
        else random += line.total;
      }
    }
    expect(bot).toBeGreaterThan(random * 1.2);
  }, 60_000);

  it("delivers to posts of 10 and more, hires, builds, buys cattle and rides the train", () => {
    const counts: Record<string, number> = {};
    for (let i = 0; i < 20; i++) {
      const { events } = playOut(elPaso, { seed: `mix-${i}`, seats: 3 });
      for (const event of events) {
        const key = event.type === "delivered" && ["P10", "P12", "P16"].includes(event.post as string) ? "darkPost" : event.type;
        counts[key] = (counts[key] ?? 0) + 1;
      }
    }
    for (const kind of ["darkPost", "hired", "built", "boughtCattle", "usedTrain", "tookTile"]) expect(counts[kind] ?? 0).toBeGreaterThan(0);
  }, 60_000);
});
