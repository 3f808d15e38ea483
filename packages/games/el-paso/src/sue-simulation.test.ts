/**
 * Whole solo games: the person's seat played by the bot, Sue by her rules, for every difficulty,
 * checking after every action that it was offered and that every card, worker, disc, tile and
 * bot card is accounted for.
 */
import { type Chooser, createRandom, gameBot, randomBot, sameJson } from "@saloon/engine";
import { describe, expect, it } from "vitest";
import { elPaso } from "./index.ts";
import { currentPrompt } from "./prompts.ts";
import { perform } from "./rules.ts";
import type { ElPasoState } from "./state.ts";
import { DIFFICULTIES, type Difficulty, botDeckCards } from "./sue.ts";
import { soloOptions } from "./sue-test-helpers.ts";
import { conservationProblems } from "./test-helpers.ts";

function playSolo(seed: string, difficulty: Difficulty, chooser: Chooser<any, any, any, any> = gameBot): { state: ElPasoState; sueTurns: number; reshuffles: number } {
  const random = createRandom(`bots:${seed}`);
  let state = elPaso.setup(seed, 2, soloOptions(difficulty));
  let actions = 0;
  let sueTurns = 0;
  let reshuffles = 0;
  while (!elPaso.isOver(state)) {
    const [prompt, ...more] = elPaso.prompts(state);
    if (!prompt || more.length > 0) throw new Error(`${seed}: ${more.length + 1} prompts`);
    // Sue's prompts have one option (what her bot answers: tested in sue-turn.test.ts); asking
    // her bot would build her view for every step, the bulk of a game's cost.
    const action = prompt.seat === 1 ? prompt.options[0]! : chooser(elPaso, state, 0, random);
    if (!prompt.options.some((option) => sameJson(option, action))) throw new Error(`${seed}: chose ${JSON.stringify(action)}`);
    const result = elPaso.apply(state, prompt.seat, action);
    if (!result.ok) throw new Error(`${seed}: ${result.error.code} ${result.error.message}`);
    state = result.state;
    for (const event of result.events) {
      if (event.type === "sueDrew") sueTurns++;
      if (event.type === "sueReshuffled") reshuffles++;
    }
    const problems = conservationProblems(state);
    if (problems.length > 0) throw new Error(`${seed} after action ${actions} ${JSON.stringify(action)}: ${problems.join("; ")}`);
    if (++actions > 20000) throw new Error(`${seed} did not end`);
  }
  return { state, sueTurns, reshuffles };
}

/**
 * Seeds per difficulty: SUE_SIM_GAMES, default 1,000 (the figure), so 4,000 solo games.
 * They run on the rules directly: `currentPrompt` and `perform` on one state, the person's seat
 * choosing uniformly at random among the offered options, every card counted at the end of each
 * game and, in one game of ten, after each of Sue's turns (the count costs more than a turn). `apply` (validation and a copy of the state per action) would cost about 10 times as
 * much; it is exercised, with the game's real bot in the person's seat, by the games below.
 * Measured on the shared 2-core machine at a load average of 13: the 4,000 games take 17.6 s
 * (8.0 s of it the first difficulty, warming up), the whole file 32 s.
 */
const GAMES = Number(process.env.SUE_SIM_GAMES ?? 1000);

/** One seeded solo game played in place; throws at the first option not offered or card lost. */
function playSoloFast(seed: string, difficulty: Difficulty, everyTurn: boolean): { state: ElPasoState; sueTurns: number; reshuffles: number } {
  const random = createRandom(`bots:${seed}`);
  // setup hands out a frozen state (copy-on-write); this loop plays in place on its own copy.
  const state = structuredClone(elPaso.setup(seed, 2, soloOptions(difficulty)));
  let actions = 0;
  let sueTurns = 0;
  let reshuffles = 0;
  while (!elPaso.isOver(state)) {
    const prompt = currentPrompt(state);
    if (!prompt) throw new Error(`${seed}: not over, but nobody owes a decision`);
    // Sue's prompt has her single step; the person picks any offered option.
    if (prompt.seat === 1 && (prompt.kind !== "sue" || prompt.options.length !== 1)) throw new Error(`${seed}: Sue was asked ${prompt.kind}`);
    const action = random.pick(prompt.options);
    const sueBefore = everyTurn && state.stack.some((f) => f.kind === "sue");
    for (const event of perform(state, prompt.seat, action)) {
      if (event.type === "sueDrew") sueTurns++;
      if (event.type === "sueReshuffled") reshuffles++;
    }
    // The end of one of her turns: every card, worker, disc, tile and bot card is somewhere.
    if (everyTurn && sueBefore && !state.stack.some((f) => f.kind === "sue")) {
      const problems = conservationProblems(state);
      if (problems.length > 0) throw new Error(`${seed} after action ${actions}: ${problems.join("; ")}`);
    }
    if (++actions > 20000) throw new Error(`${seed} did not end`);
  }
  const problems = conservationProblems(state);
  if (problems.length > 0) throw new Error(`${seed} at the end: ${problems.join("; ")}`);
  return { state, sueTurns, reshuffles };
}

describe.each(DIFFICULTIES)("solo games at difficulty %i", (difficulty) => {
  it(`${GAMES} seeded games end with every card accounted for, Sue's score as the rules count it`, () => {
    let reshuffled = 0;
    let sueWins = 0;
    for (let i = 0; i < GAMES; i++) {
      // Every card counted at the end of each game, and after each of Sue's turns in one game of ten.
      const { state, sueTurns, reshuffles } = playSoloFast(`solo-${difficulty}-${i}`, difficulty, i % 10 === 0);
      const scores = elPaso.scores(state)!;
      expect(scores.lines).toHaveLength(2);
      // The game ended by the Simmental rule, with the last turn that of the seat before the Simmental space.
      expect(state.end.simmSeat).not.toBeNull();
      expect(state.active).toBe((state.end.simmSeat! + 1) % 2);
      // Her deck went round: a reshuffle every time the deck ran out at the start of a turn.
      const deckSize = botDeckCards(difficulty).length;
      expect(reshuffles).toBe(Math.floor((sueTurns - 1) / deckSize));
      reshuffled += reshuffles;
      const sue = scores.lines[1]!;
      expect(sue.breakdown.money).toBe(0);
      expect(sue.total).toBe(Object.values(sue.breakdown).reduce((a, b) => a + b, 0));
      if (scores.winners.includes(1)) sueWins++;
    }
    expect(reshuffled).toBeGreaterThan(0);
    // A player choosing at random never beats her in this many games' worth of luck only by chance.
    expect(sueWins).toBeGreaterThan(GAMES * 0.9);
  }, 600_000);
});

/** A few games through `apply`, the room's path, with the game's bot in the person's seat. */
describe("solo games through apply with the game's bot", () => {
  it.each(DIFFICULTIES)("difficulty %i: 3 games, checked after every action", (difficulty) => {
    for (let i = 0; i < 3; i++) {
      const { state } = playSolo(`solo-bot-${difficulty}-${i}`, difficulty, gameBot);
      expect(elPaso.scores(state)!.lines).toHaveLength(2);
    }
  }, 600_000);
});

describe("solo games with every table option and random choices", () => {
  it("b-sides, ★ trains, random neutrals; the person's seat choosing uniformly at random", () => {
    for (let i = 0; i < 20; i++) {
      const options = { ...soloOptions((i % 4) as Difficulty), bSides: [1, 2, 3, 4, 5, 6] as (1 | 2 | 3 | 4 | 5 | 6)[], starTrains: [1, 2, 3, 4], randomNeutrals: true };
      const random = createRandom(`opt:${i}`);
      let state = elPaso.setup(`solo-opt-${i}`, 2, options);
      while (!elPaso.isOver(state)) {
        const prompt = elPaso.prompts(state)[0]!;
        const action = prompt.seat === 1 ? prompt.options[0] : i % 2 ? randomBot(elPaso, state, 0, random) : gameBot(elPaso, state, 0, random);
        const result = elPaso.apply(state, prompt.seat, action);
        if (!result.ok) throw new Error(result.error.message);
        state = result.state;
        expect(conservationProblems(state)).toEqual([]);
      }
      expect(elPaso.scores(state)!.lines).toHaveLength(2);
    }
  }, 600_000);
});
