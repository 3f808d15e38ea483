import { playOut, randomBot } from "@saloon/engine";
import type { MatchFixture } from "@saloon/engine/testing";
import { describe, expect, it } from "vitest";
import matches from "./fixtures/matches.json" with { type: "json" };
import { BONUSES, BONUS_IDS, BREEDS, OBJECTIVES } from "./data.ts";
import { elPaso } from "./index.ts";
import { bestObjectives, objectiveResources, playerBreakdown, playerFigures, playerResources, scoreBreakdown } from "./scoring.ts";
import type { ElPasoState } from "./state.ts";

describe("the best objective assignment, resources and score so far, cached per frozen player", () => {
  it("is at every moment of a stored match what a fresh search finds (never a stale value)", () => {
    const match = (matches as MatchFixture[]).find((m) => m.seats === 3)!;
    let state = elPaso.setup(match.seed, match.seats, (match.options ?? undefined) as never);
    let objectivesChanged = 0;
    for (const { seat, action } of match.log) {
      const before = state.players.map((_, s) => bestObjectives(state, s));
      const r = elPaso.apply(state, seat, action);
      if (!r.ok) throw new Error(r.error.code);
      state = r.state;
      // A copy is not frozen, so it is searched afresh: the reference answer.
      const fresh = structuredClone(state);
      state.players.forEach((_, s) => {
        const cached = bestObjectives(state, s);
        expect(cached).toEqual(bestObjectives(fresh, s));
        expect(bestObjectives(state, s)).toBe(cached); // asked again: the remembered answer
        expect(playerResources(state, s)).toEqual(objectiveResources(fresh, s));
        // The breeds owned, in BREEDS' order, whatever the order of the cards in the piles.
        const breeds = Object.keys(playerResources(state, s).cattle);
        expect(breeds).toEqual(BREEDS.filter((b) => breeds.includes(b)));
        expect(playerBreakdown(state, s)).toEqual(scoreBreakdown(fresh, s));
        expect(playerBreakdown(state, s)).toBe(playerBreakdown(state, s));
        if (cached.vp !== before[s]!.vp) objectivesChanged++;
      });
    }
    // The match is one where the assignment does change, or the test proves little.
    expect(objectivesChanged).toBeGreaterThan(0);
  });

  it("a player's new entry keeps the last entry's figures as the very same objects when they come out equal", () => {
    const match = (matches as MatchFixture[]).find((m) => m.seats === 4)!;
    let state = elPaso.setup(match.seed, match.seats, (match.options ?? undefined) as never);
    const kept = { resources: 0, breakdown: 0 };
    for (const { seat, action } of match.log) {
      const before = state;
      const figures = before.players.map((_, s) => playerFigures(before, s));
      const r = elPaso.apply(state, seat, action);
      if (!r.ok) throw new Error(r.error.code);
      state = r.state;
      state.players.forEach((p, s) => {
        // Only a new entry with the same objectives list starts from the last figures.
        if (p === before.players[s] || p.objectives !== before.players[s]!.objectives) return;
        const now = playerFigures(state, s);
        const last = figures[s]!;
        // The same resources: the same resources object, and the same best assignment (searched on them).
        if (JSON.stringify(now.resources) === JSON.stringify(last.resources)) {
          expect(now.resources).toBe(last.resources);
          expect(now.best).toBe(last.best);
          kept.resources++;
        }
        if (JSON.stringify(now.breakdown) === JSON.stringify(last.breakdown)) {
          expect(now.breakdown).toBe(last.breakdown);
          kept.breakdown++;
        }
      });
    }
    // Most actions leave a player's figures as they were, or this proves little.
    expect(kept.resources).toBeGreaterThan(50);
    expect(kept.breakdown).toBeGreaterThan(50);
  });

  it("a hand-built (unfrozen) state changed in place is searched again", () => {
    const match = (matches as MatchFixture[]).find((m) => m.seats === 2 && !m.options)!;
    // The match's last state where seat 0 has workers in its area (taken away below).
    let state = elPaso.setup(match.seed, match.seats);
    let last = state;
    for (const { seat, action } of match.log) {
      state = (elPaso.apply(state, seat, action) as { state: typeof state }).state;
      if (state.players[0]!.workers.length > 0) last = state;
    }
    state = last;
    const built = structuredClone(state);
    const first = bestObjectives(built, 0);
    built.players[0]!.objectives = [];
    expect(first).toEqual(bestObjectives(state, 0));
    expect(bestObjectives(built, 0)).toEqual({ met: [], vp: 0 });
    // The score so far and the resources are found afresh too.
    const money = playerBreakdown(built, 0).money;
    built.players[0]!.money += 50;
    expect(playerBreakdown(built, 0).money).toBe(money + 10);
    const workers = (r: { workers: Record<string, number> }) => Object.values(r.workers).reduce((a, b) => a + b, 0);
    const before = workers(playerResources(built, 0));
    const inArea = built.players[0]!.workers.length;
    expect(inArea).toBeGreaterThan(0);
    built.players[0]!.workers = [];
    expect(workers(playerResources(built, 0))).toBe(before - inArea);
  });

  it("a new entry's figures taken from the last entry's on the same board and posts are what a fresh count finds", () => {
    // Random play and the bot's in 2–4 seats: each new entry's figures against those of a copy (never
    // remembered). On the same board and posts the builders' and discs' counts, the buildings'
    // and posts' VP, and (with the same resources, herder's space or tiles) the workers', cattle's
    // and bonus tiles' VP are the last entry's (scoring.ts keptBreakdown); after someone built or
    // delivered, an entry with the same piles takes the last entry's cards and counts the
    // builders and discs anew. Each kind of change but a bonus tile (below) is met here.
    const met = { samePlace: 0, newPlaces: 0, money: 0, resources: 0, simmentalSpace: 0 };
    for (const [seats, random] of [[2, true], [3, true], [4, true], [2, false], [3, false], [4, false]] as const) {
      const seed = `kept-figures-${seats}-${random}`;
      // The bot takes bonus tiles, random play hardly ever.
      const { log } = playOut(elPaso, { seed, seats, ...(random ? { choosers: Array.from({ length: seats }, () => randomBot) } : {}) });
      let state: ElPasoState = elPaso.setup(seed, seats);
      for (const { seat, action } of log) {
        const before = state;
        for (let s = 0; s < seats; s++) playerFigures(before, s);
        state = (elPaso.apply(state, seat, action) as { state: ElPasoState }).state;
        const fresh = structuredClone(state);
        for (let s = 0; s < seats; s++) {
          const p = state.players[s]!;
          const q = before.players[s]!;
          const figures = playerFigures(state, s);
          expect(figures.resources).toEqual(objectiveResources(fresh, s));
          expect(figures.breakdown).toEqual(scoreBreakdown(fresh, s));
          if (p === q || p.objectives !== q.objectives) continue;
          if (state.board !== before.board || state.posts !== before.posts) {
            // Someone built or delivered: with the same piles only the builders and discs are counted.
            if (p.draw === q.draw && p.hand === q.hand && p.discard === q.discard && p.workers === q.workers) met.newPlaces++;
            continue;
          }
          met.samePlace++;
          if (p.money !== q.money) met.money++;
          if (JSON.stringify(figures.resources) !== JSON.stringify(playerFigures(before, s).resources)) met.resources++;
          if ((p.herder === "SIMM") !== (q.herder === "SIMM")) met.simmentalSpace++;
        }
      }
    }
    expect(met.money).toBeGreaterThan(100);
    expect(met.resources).toBeGreaterThan(20);
    expect(met.simmentalSpace).toBeGreaterThan(0);
    expect(met.newPlaces).toBeGreaterThan(20);
  });

  it("a bonus tile gained on the same board and posts counts in the new entry's score", () => {
    // The bots and random play hardly ever take one: a frozen entry with one more tile, built by
    // hand from an engine state, stands in for the action.
    let state: ElPasoState = elPaso.setup("kept-bonus", 2);
    const before = playerBreakdown(state, 0);
    const p = state.players[0]!;
    const tile = BONUS_IDS.find((t) => BONUSES[t]!.vp > 0)!;
    const entry = Object.freeze({ ...p, money: p.money + 1, bonuses: Object.freeze([...p.bonuses, tile]) });
    state = Object.freeze({ ...state, players: Object.freeze([entry, state.players[1]!]) }) as ElPasoState;
    expect(playerBreakdown(state, 0)).toEqual(scoreBreakdown(structuredClone(state), 0));
    expect(playerBreakdown(state, 0).bonuses).toBe(before.bonuses + BONUSES[tile]!.vp);
  });

  it("an objective met on the same board and posts counts in the new entry's score, the other figures unchanged", () => {
    // keptBreakdown hands back the last entry's breakdown when the money, workers, cattle and
    // bonus tiles come out equal, so only its objectives comparison catches a best assignment
    // that changed alone. The new piles must differ (else the last best assignment is reused) while
    // the workers' and cattle's VP stay equal: a Simmental swapped for a second Corriente (2 VP
    // each) meets OB02 (two Corriente) and leaves the rest as it was. Frozen entries built by hand,
    // like the bonus tile's case above, so that nothing else moves (scoring reads a card's breed
    // from its id and only the player's piles, so the market keeping those ids does not matter).
    let state: ElPasoState = elPaso.setup("kept-objectives", 2);
    const p = state.players[0]!;
    // The remembered figures are keyed by this list: both entries hold the very same frozen one.
    const objectives = Object.freeze(["OB02"]) as string[];
    const old = Object.freeze({ ...p, objectives, hand: Object.freeze([...p.hand, "C-COR-01", "C-SIM-01"]) });
    state = Object.freeze({ ...state, players: Object.freeze([old, state.players[1]!]) }) as ElPasoState;
    // Asked first so the old entry is remembered, as the views do after every action.
    const before = playerBreakdown(state, 0);
    expect(before.objectives).toBe(0);
    const entry = Object.freeze({ ...old, hand: Object.freeze([...p.hand, "C-COR-01", "C-COR-02"]) });
    // The same board and posts objects: the new entry's figures start from the old one's.
    state = Object.freeze({ ...state, players: Object.freeze([entry, state.players[1]!]) }) as ElPasoState;
    const after = playerBreakdown(state, 0);
    expect(after).toEqual(scoreBreakdown(structuredClone(state), 0));
    expect(after.objectives).not.toBe(before.objectives);
    expect(after.objectives).toBe(OBJECTIVES.OB02!.vp);
    // Nothing but the objectives changed, which is what leaves only that comparison to notice it.
    expect({ ...after, objectives: before.objectives }).toEqual(before);
  });

  it("an engine entry's new list that is not frozen is not remembered", () => {
    // Only lists the last remembered entry shares are taken for frozen (scoring.ts immutable): a
    // frozen entry holding a hand-built, unfrozen hand is counted afresh after the hand changes.
    let state: ElPasoState = elPaso.setup("unfrozen-hand", 2);
    playerFigures(state, 0);
    const p = state.players[0]!;
    const hand = [...p.hand];
    const entry = Object.freeze({ ...p, hand });
    state = { ...state, players: [entry, state.players[1]!] };
    const first = playerResources(state, 0);
    hand.length = 0;
    expect(playerResources(state, 0)).toEqual(objectiveResources(structuredClone(state), 0));
    expect(playerResources(state, 0)).not.toEqual(first);
  });
});

