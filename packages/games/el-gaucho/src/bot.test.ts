import { type Chooser, gameBot, playOut, randomBot } from "@saloon/engine";
import { describe, expect, it } from "vitest";
import { elGaucho } from "./index.ts";

describe("bot", () => {
  it("beats players who pick uniformly among the legal options, from every seat", () => {
    let botWins = 0;
    let botPesos = 0;
    let randomPesos = 0;
    const games = 120;
    for (let i = 0; i < games; i++) {
      const seats = 2 + (i % 3);
      const botSeat = i % seats;
      const choosers: Chooser<any, any, any, any>[] = Array.from({ length: seats }, (_, s) => (s === botSeat ? gameBot : randomBot));
      const { state } = playOut(elGaucho, { seed: `bot-vs-random-${i}`, seats, choosers });
      const scores = elGaucho.scores(state)!;
      if (scores.winners.includes(botSeat)) botWins++;
      botPesos += scores.lines[botSeat]!.total;
      randomPesos += scores.lines.filter((l) => l.seat !== botSeat).reduce((sum, l) => sum + l.total, 0) / (seats - 1);
    }
    expect(botWins / games).toBeGreaterThan(0.9);
    expect(botPesos).toBeGreaterThan(2 * randomPesos);
  }, 120_000);

  it("only ever answers with one of the offered options, seeing only its own view", () => {
    expect(() => playOut(elGaucho, { seed: "bot-legal", seats: 4 })).not.toThrow();
  });
});
