import { type Chooser, type LogEvent, createRandom, playOut } from "@saloon/engine";
import { describe, expect, it } from "vitest";
import { baselineBot } from "./bot/baseline.ts";
import { elPaso } from "./index.ts";
import type { ElPasoState } from "./state.ts";
import { arriveAt, giveCattle, giveTile, prompt, setHand, setWorkers, started, turnAt } from "./test-helpers.ts";

/** The bot plays the active seat's whole turn from here; returns the state after it and what happened. */
function botTurn(start: ElPasoState): { state: ElPasoState; events: LogEvent[] } {
  const seat = start.active;
  const random = createRandom("bot-turn");
  const events: LogEvent[] = [];
  let state = start;
  while (state.active === seat && !elPaso.isOver(state)) {
    const result = elPaso.apply(state, seat, elPaso.bot(elPaso.view(state, seat), prompt(state), random));
    if (!result.ok) throw new Error(`${result.error.code}: ${result.error.message}`);
    state = result.state;
    events.push(...result.events);
  }
  return { state, events };
}

/**
 * 2-player games against the frozen baseline (the bot before issue #12), each seed played with
 * the bot in seat 0 and again in seat 1. `pnpm --filter @saloon/el-paso versus` plays 400 and
 * prints the figures; this fixed set keeps CI within its budget.
 */
const VERSUS_SEEDS = Number(process.env.EL_PASO_VERSUS_SEEDS ?? 60);

describe("bot", () => {
  it(`wins at least 75 % of ${2 * VERSUS_SEEDS} 2-player games against the baseline bot`, () => {
    const baseline: Chooser<any, any, any, any> = (game, state, seat, random) => baselineBot(game.view(state, seat), game.prompts(state)[0]!, random);
    const bot: Chooser<any, any, any, any> = (game, state, seat, random) => game.bot(game.view(state, seat), game.prompts(state)[0]!, random);
    let wins = 0;
    for (let i = 0; i < 2 * VERSUS_SEEDS; i++) {
      const botSeat = i % 2;
      const { state } = playOut(elPaso, { seed: `versus-${Math.floor(i / 2)}`, seats: 2, choosers: botSeat === 0 ? [bot, baseline] : [baseline, bot] });
      const scores = elPaso.scores(state)!;
      // A shared win counts half.
      if (scores.winners.includes(botSeat)) wins += 1 / scores.winners.length;
    }
    expect(wins / (2 * VERSUS_SEEDS)).toBeGreaterThanOrEqual(0.75);
  }, 300_000);

  it("pursues the objective it holds: buys the Black Angus its objective lacks, a Corriente without it", () => {
    const bought = (objective: boolean) => {
      let state = turnAt(started(2), 0, "T04");
      state.players[0]!.objectives = [];
      if (objective) giveTile(state, 0, "OB03"); // 2 Simmentals and a Black Angus: 3 VP
      giveCattle(state, 0, "SIM", 2);
      setWorkers(state, 0, { COW: 2 });
      state.players[0]!.money = 4;
      state = arriveAt(state, "T08").state; // neutral D: buy cattle
      return botTurn(state).events.filter((e) => e.type === "boughtCattle").map((e) => (e.card as string).slice(2, 5));
    };
    expect(bought(true)).toEqual(["ANG"]);
    expect(bought(false)).toEqual(["COR"]);
  });

  it("plans a delivery: a builder buys the one certificate that lifts a breeding value of 9 to post 10", () => {
    const state = turnAt(started(2), 0, "T15");
    setHand(state, 0, ["COR", "ANG", "SGE", "CRI"]); // 3 + 3 + 2 + 1 = 9
    setWorkers(state, 0, { BLD: 1 });
    state.players[0]!.tokens = 0;
    state.players[0]!.money = 2;
    const { events } = botTurn(state);
    expect(events.find((e) => e.type === "workerBonus")).toMatchObject({ worker: "BLD" });
    expect(events.find((e) => e.type === "delivered")).toMatchObject({ post: "P10", spent: 1 });
  });

  it("over whole games it hires, builds and upgrades, buys cattle, rides the train, delivers to posts of 10 and more and meets objectives", () => {
    const totals: Record<string, number> = {};
    for (let i = 0; i < 6; i++) {
      const { state, events } = playOut(elPaso, { seed: `mix-${i}`, seats: 3 });
      for (const s of elPaso.stats!(state, events)) for (const [name, n] of Object.entries(s)) totals[name] = (totals[name] ?? 0) + n;
      totals.upgrades = (totals.upgrades ?? 0) + events.filter((e) => e.type === "upgraded").length;
    }
    for (const kind of ["hires", "buildsAndUpgrades", "upgrades", "cattleBought", "trainRides", "darkPostDeliveries", "objectivesMet"]) expect(totals[kind], kind).toBeGreaterThan(0);
    // Most objectives it holds are met at the end (the baseline met one in five).
    expect(totals.objectivesMet! / totals.objectivesHeld!).toBeGreaterThan(0.5);
  }, 60_000);
});
