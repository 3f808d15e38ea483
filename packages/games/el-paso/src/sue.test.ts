/** Sue's setup, the solo table options, and what each viewer sees of her. */
import { GameRuleError, playOut, replay } from "@saloon/engine";
import { describe, expect, it } from "vitest";
import { workerOf } from "./data.ts";
import { elPaso } from "./index.ts";
import { soloOptions, soloStarted } from "./sue-test-helpers.ts";
import { act, conservationProblems, prompt } from "./test-helpers.ts";

const kinds = (cards: string[]) => {
  const out: Record<string, number> = {};
  for (const card of cards) out[card.slice(0, 5)] = (out[card.slice(0, 5)] ?? 0) + 1;
  return out;
};

describe("setup", () => {
  it("a 2-player game with Sue at seat 1: supply deck, strategy row, disc on post 5, herder in El Paso, nothing else", () => {
    const state = elPaso.setup("sue-setup", 2, soloOptions(2));
    const sue = state.sue!;
    const p = state.players[1]!;
    expect(sue.seat).toBe(1);
    expect(kinds(sue.supply)).toEqual({ "W-COW": 3, "W-ENG": 3, "W-BLD": 3, "W-WLD": 3, "C-ANG": 3, "C-COR": 3 });
    expect([...sue.strategy].sort()).toEqual(["BLD", "COW", "ENG"]);
    expect(p.workers.map(workerOf)).toEqual(sue.strategy);
    expect(state.posts.P05).toEqual([{ seat: 1, disc: "D1" }]);
    expect(p.discs).toEqual(["D2", "D3", "D4", "D5", "D6", "D7"]);
    expect(p.herder).toBe("T00");
    expect([p.money, p.tokens, p.certs, p.hand.length, p.draw.length, p.discard.length, p.objectives.length, p.bonuses.length]).toEqual([0, 0, 0, 0, 0, 0, 0, 0]);
    // A 2-player game otherwise: 9 Simmentals; the market and the worker stacks gave Sue her cards.
    expect(state.simmentals).toHaveLength(9);
    expect([state.market.ANG.length, state.market.COR.length, state.market.SHO.length, state.market.HER.length]).toEqual([5, 7, 8, 6]);
    expect([state.workerSupply.COW.length, state.workerSupply.ENG.length, state.workerSupply.BLD.length, state.workerSupply.WLD.length]).toEqual([7, 7, 7, 8]);
    expect(state.players[0]!.workers.map(workerOf)).toEqual(["COW", "ENG", "BLD", "WLD"]);
    expect(conservationProblems(state)).toEqual([]);
  });
  it.each([0, 1, 2, 3] as const)("difficulty %i: every A-card and that many B-cards, shuffled", (difficulty) => {
    const deck = elPaso.setup(`deck-${difficulty}`, 2, soloOptions(difficulty)).sue!.deck;
    expect([...deck].sort()).toEqual(["A1", "A2", "A3", "A4", "A5", "A6", "A7", "A8", ...["B1", "B2", "B3"].slice(0, difficulty)]);
  });
  it("the row, the bot deck and the supply deck are shuffled by the seed", () => {
    const rows = new Set<string>();
    const tops = new Set<string>();
    for (let i = 0; i < 60; i++) {
      const sue = elPaso.setup(`shuffle-${i}`, 2, soloOptions(0)).sue!;
      rows.add(sue.strategy.join());
      tops.add(`${sue.deck[0]} ${sue.supply[0]!.slice(0, 5)}`);
    }
    expect(rows.size).toBe(6);
    expect(tops.size).toBeGreaterThan(20);
    expect(elPaso.setup("same", 2, soloOptions(1))).toEqual(elPaso.setup("same", 2, soloOptions(1)));
  });
  it("only the person picks a starting objective, then takes the first turn with $4 and 1 token", () => {
    let state = elPaso.setup("picks", 2, soloOptions(0));
    expect(prompt(state)).toMatchObject({ seat: 0, kind: "pickObjective" });
    state = act(state, 0, prompt(state).options[0]!).state;
    expect(prompt(state)).toMatchObject({ seat: 0, kind: "move", context: { first: true } });
    expect([state.players[0]!.money, state.players[0]!.tokens]).toEqual([4, 1]);
    expect(state.players[1]!.objectives).toEqual([]);
    // Even with the reverse pick order, Sue picks none.
    const reverse = elPaso.setup("picks", 2, { ...soloOptions(0), objectivePicks: "reverse" });
    expect(prompt(reverse).seat).toBe(0);
  });
});

describe("solo table options", () => {
  it("{ solo: true, difficulty } with difficulty 0–3 (0 by default); other games keep their options unchanged", () => {
    expect(elPaso.parseOptions({ solo: true, difficulty: 3 })).toEqual({ ...elPaso.defaultOptions, solo: true, difficulty: 3 });
    expect(elPaso.parseOptions({ solo: true })).toEqual({ ...elPaso.defaultOptions, solo: true, difficulty: 0 });
    expect(elPaso.parseOptions({ solo: false })).toEqual(elPaso.defaultOptions);
    expect(elPaso.parseOptions(undefined)).not.toHaveProperty("solo");
    expect(elPaso.parseOptions({ solo: true, bSides: [2] })).toMatchObject({ solo: true, bSides: [2] });
  });
  it.each([{ solo: true, difficulty: 4 }, { solo: true, difficulty: -1 }, { solo: true, difficulty: 1.5 }, { solo: true, difficulty: "2" }, { solo: "yes" }, { difficulty: 1 }, { solo: false, difficulty: 0 }])(
    "refuses %j",
    (raw) => {
      expect(() => elPaso.parseOptions(raw)).toThrow(GameRuleError);
    },
  );
  it("a solo game has exactly 2 seats", () => {
    for (const seats of [3, 4]) expect(() => elPaso.setup("x", seats, soloOptions(0))).toThrow(/2 seats/);
  });
  it("Sue's seat is played by the game: a bot seat named Sue", () => {
    expect(elPaso.automaSeats!(2, elPaso.parseOptions({ solo: true, difficulty: 1 }))).toEqual([{ seat: 1, name: "Sue" }]);
    expect(elPaso.automaSeats!(2, elPaso.defaultOptions)).toEqual([]);
  });
});

describe("what everyone sees of Sue", () => {
  const played = playOut(elPaso, { seed: "sue-view", seats: 2, options: soloOptions(3) });
  // A moment in the middle of one of her turns, with cards left in both of her decks.
  const index = played.log.findIndex((entry, i) => i > 60 && entry.seat === 1);
  const state = replay(elPaso, "sue-view", 2, soloOptions(3), played.log.slice(0, index + 1));

  it("her drawn card, discards, cattle, workers and strategy; her decks as sizes only", () => {
    const sue = state.sue!;
    expect(sue.deck.length).toBeGreaterThan(0);
    expect(sue.supply.length).toBeGreaterThan(0);
    for (const viewer of [0, 1, null]) {
      const view = elPaso.view(state, viewer);
      expect(view.sue).toEqual({
        seat: 1,
        difficulty: 3,
        strategy: sue.strategy,
        card: sue.card,
        discard: sue.discard,
        deckCount: sue.deck.length,
        supplyCount: sue.supply.length,
        cattle: state.players[1]!.discard,
        workers: { COW: expect.any(Array), ENG: expect.any(Array), BLD: expect.any(Array) },
        nextPost: expect.any(String),
      });
      const text = JSON.stringify(view);
      for (const card of [...sue.deck, ...sue.supply]) expect(text, `${card} in ${viewer}'s view`).not.toContain(`"${card}"`);
      expect(text).not.toContain('"rng"');
    }
  });

  it("nothing anyone is sent depends on the order of her decks: views and prompts are the same for any order", () => {
    const shuffled = structuredClone(state);
    shuffled.sue!.deck.reverse();
    shuffled.sue!.supply.reverse();
    shuffled.sue!.supply.push(shuffled.sue!.supply.shift()!);
    expect(shuffled.sue!.supply).not.toEqual(state.sue!.supply);
    expect(shuffled.sue!.deck).not.toEqual(state.sue!.deck);
    for (const viewer of [0, 1, null]) expect(elPaso.view(shuffled, viewer)).toEqual(elPaso.view(state, viewer));
    expect(elPaso.prompts(shuffled)).toEqual(elPaso.prompts(state));
  });

  it("her events are public and name a card only when it is turned face up; a reshuffle says how many, not which order", () => {
    const sueEvents = played.events.filter((e) => e.seat === 1);
    expect(sueEvents.every((e) => e.onlyFor === undefined)).toBe(true);
    const reshuffles = played.events.filter((e) => e.type === "sueReshuffled");
    expect(reshuffles.length).toBeGreaterThan(0);
    for (const e of reshuffles) expect(Object.keys(e).sort()).toEqual(["cards", "seat", "type"]);
    // Every card named by her events was drawn (bot deck) or drawn from her supply before it is named again.
    const drawn = played.events.filter((e) => e.type === "sueDrew").map((e) => e.card);
    const supplied = played.events.filter((e) => e.type === "sueDrewSupply").map((e) => e.card);
    expect(new Set(supplied).size).toBe(supplied.length);
    expect(drawn.length).toBe(played.log.filter((entry, i) => entry.seat === 1 && played.log[i - 1]?.seat !== 1).length);
  });

  it("same seed and actions give the same solo game; the log rebuilds it", () => {
    const again = playOut(elPaso, { seed: "sue-view", seats: 2, options: soloOptions(3) });
    expect(again.log).toEqual(played.log);
    expect(replay(elPaso, "sue-view", 2, soloOptions(3), played.log)).toEqual(played.state);
  });
});
