import { type Chooser, gameBot, playOut, randomBot } from "@saloon/engine";
import { describe, expect, it } from "vitest";
import { fistful } from "./index.ts";

describe("bot", () => {
  it("beats players who pick uniformly among the legal options", () => {
    // Seat 0 is the bot, the others choose at random; over 200 games it should win nearly all of them (it won every one when this was written).
    let botWins = 0;
    let botPoints = 0;
    let randomPoints = 0;
    const games = 200;
    for (let i = 0; i < games; i++) {
      const seats = 2 + (i % 3);
      const choosers: Chooser<any, any, any, any>[] = [gameBot, ...Array(seats - 1).fill(randomBot)];
      const { state } = playOut(fistful, { seed: `bot-vs-random-${i}`, seats, choosers });
      const scores = fistful.scores(state)!;
      if (scores.winners.includes(0)) botWins++;
      botPoints += scores.lines[0]!.total;
      randomPoints += scores.lines.slice(1).reduce((sum, line) => sum + line.total, 0) / (seats - 1);
    }
    expect(botWins / games).toBeGreaterThan(0.9);
    expect(botPoints).toBeGreaterThan(3 * randomPoints);
    // 200 whole games: about 2 s on an idle machine; the default 5 s is too tight for a busy CI.
  }, 60_000);

  it("only ever answers with one of the offered options", () => {
    // playOut throws as soon as a chooser answers with anything that was not offered.
    expect(() => playOut(fistful, { seed: "bot-legal", seats: 4 })).not.toThrow();
  });
});
