import { type Chooser, createRandom, gameBot, randomBot, sameJson } from "@saloon/engine";
import { describe, expect, it } from "vitest";
import { baselineBot } from "./bot/baseline.ts";
import { elPaso } from "./index.ts";
import type { ElPasoState } from "./state.ts";
import { conservationProblems } from "./test-helpers.ts";

/** Plays one bot game, checking after every action that it was offered and that nothing was created or lost. */
function playChecked(seed: string, seats: number, options?: Parameters<typeof elPaso.setup>[2], chooser: Chooser<any, any, any, any> = gameBot): ElPasoState {
  const random = createRandom(`bots:${seed}`);
  let state = elPaso.setup(seed, seats, options);
  let actions = 0;
  const initial = conservationProblems(state);
  if (initial.length > 0) throw new Error(`${seed} at setup: ${initial.join("; ")}`);
  while (!elPaso.isOver(state)) {
    const prompts = elPaso.prompts(state);
    if (prompts.length !== 1) throw new Error(`${seed}: ${prompts.length} prompts`);
    const prompt = prompts[0]!;
    const action = chooser(elPaso, state, prompt.seat, random);
    if (!prompt.options.some((option) => sameJson(option, action))) throw new Error(`${seed}: bot chose ${JSON.stringify(action)}`);
    const result = elPaso.apply(state, prompt.seat, action);
    if (!result.ok) throw new Error(`${seed}: ${result.error.code} ${result.error.message}`);
    state = result.state;
    const problems = conservationProblems(state);
    if (problems.length > 0) throw new Error(`${seed} after action ${actions} ${JSON.stringify(action)}: ${problems.join("; ")}`);
    if (++actions > 20000) throw new Error(`${seed} did not end`);
  }
  return state;
}

/**
 * Games per player count with the checks after every action. The rules sweep plays 1,000 per
 * player count with the frozen baseline bot, which is quick (about 19 s for 2 players, 23 s for 3
 * and 47 s for 4); the bot itself thinks about five times as long per decision, so it plays a
 * smaller set (its strength is measured by `bot.test.ts` and `pnpm sim el-paso`).
 * EL_PASO_SIM_GAMES=50 gives a quick local run.
 */
export const GAMES = Number(process.env.EL_PASO_SIM_GAMES ?? 1000);
const BOT_GAMES = Math.min(GAMES, 30);
const baseline: Chooser<any, any, any, any> = (game, state, seat, random) => baselineBot(game.view(state, seat), game.prompts(state)[0]!, random);

describe.each([2, 3, 4])("%i-player games", (seats) => {
  it(`${BOT_GAMES} seeded games of the bot end with every card, worker, disc and tile accounted for`, () => {
    for (let i = 0; i < BOT_GAMES; i++) {
      const state = playChecked(`bot-${seats}-${i}`, seats);
      expect(state.end.simmSeat).not.toBeNull();
    }
  }, 600_000);
  it(`${GAMES} seeded games of the baseline bot all end with every card, worker, disc and tile accounted for`, () => {
    for (let i = 0; i < GAMES; i++) {
      const state = playChecked(`sim-${seats}-${i}`, seats, undefined, baseline);
      const scores = elPaso.scores(state)!;
      expect(scores.lines).toHaveLength(seats);
      // The game ended by the Simmental rule: someone stands on the Simmental space.
      expect(state.end.simmSeat).not.toBeNull();
      expect(state.simmentals).toHaveLength(0);
      // The last turn was that of the seat before the Simmental player.
      expect(state.active).toBe((state.end.simmSeat! + seats - 1) % seats);
      for (const line of scores.lines) expect(line.total).toBe(Object.values(line.breakdown).reduce((a, b) => a + b, 0));
    }
  }, 600_000);
});

describe("bot games with every table option", () => {
  it("b-sides, ★ trains, random neutrals and reverse picks", () => {
    for (let i = 0; i < 20; i++) {
      const state = playChecked(`opt-${i}`, 2 + (i % 3), {
        bSides: [1, 2, 3, 4, 5, 6],
        starTrains: [1, 2, 3, 4],
        randomNeutrals: true,
        objectivePicks: "reverse",
      });
      expect(elPaso.isOver(state)).toBe(true);
    }
  }, 600_000);
});

describe("random play", () => {
  it("every offered option is accepted and keeps every piece accounted for (uniformly random choices)", () => {
    for (let i = 0; i < 30; i++) {
      const state = playChecked(`random-${i}`, 2 + (i % 3), i % 2 ? { bSides: [1, 2, 3, 4, 5, 6], starTrains: [1, 2, 3, 4], randomNeutrals: true, objectivePicks: "printed" } : undefined, randomBot);
      expect(elPaso.isOver(state)).toBe(true);
    }
  }, 600_000);
});
