import { createRandom, gameBot, playOut, randomBot } from "@saloon/engine";
import { describe, expect, it } from "vitest";
import { elPaso } from "./index.ts";
import { play, prompt, started } from "./test-helpers.ts";

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

  it("values a building by its actions too: with $4, a builder and a wild it opens with the 2-builder tile, not the 1-builder one", () => {
    // The 1-builder tile is cheaper, but the 2-builder tile (3 VP, "a BV-2 card for $5" and a move) is worth far more.
    // Valuing buildings by VP and price alone made the first seats take both 1-builder tiles and leave the
    // 2-builder tiles to the later seats, who then won most 4-player games.
    const state = play(started(4), { type: "move", to: "T10" }).state;
    expect(state.players[0]!.money).toBe(4);
    const choice = elPaso.bot(elPaso.view(state, 0), prompt(state), createRandom("bot-build"));
    expect(choice).toMatchObject({ type: "build", building: 2, wild: 1 });
  });
});
