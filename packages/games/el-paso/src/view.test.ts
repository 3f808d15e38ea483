import { playOut, replay } from "@saloon/engine";
import type { MatchFixture } from "@saloon/engine/testing";
import { describe, expect, it } from "vitest";
import matches from "./fixtures/matches.json" with { type: "json" };
import { elPaso } from "./index.ts";

describe("hidden information", () => {
  const played = playOut(elPaso, { seed: "view", seats: 3 });
  const state = replay(elPaso, "view", 3, undefined, played.log.slice(0, 70));
  /** How many of the game's events the first `moves` actions produced. */
  const eventsUpTo = (moves: number): number => {
    let s = elPaso.setup("view", 3);
    let n = 0;
    for (const entry of played.log.slice(0, moves)) {
      const r = elPaso.apply(s, entry.seat, entry.action);
      if (!r.ok) throw new Error(r.error.message);
      s = r.state;
      n += r.events.length;
    }
    return n;
  };

  it("a seat sees its own hand; other seats and spectators see counts only and no draw-pile order", () => {
    for (const viewer of [0, 1, 2, null]) {
      const view = elPaso.view(state, viewer);
      const text = JSON.stringify(view);
      expect(text).not.toContain('"rng"');
      state.players.forEach((p, seat) => {
        // Draw piles: nobody, the owner included, sees their order or contents.
        expect(view.players[seat]).not.toHaveProperty("draw");
        expect(view.players[seat]!.drawCount).toBe(p.draw.length);
        expect(view.players[seat]!.handCount).toBe(p.hand.length);
        if (seat === viewer) expect(view.players[seat]!.hand).toEqual(p.hand);
        else {
          expect(view.players[seat]!.hand).toBeUndefined();
          expect(view.players[seat]!.discard).toBeUndefined();
          // No card of that hand appears anywhere in the view unless it is public elsewhere (a revealed top of a discard pile).
          for (const card of p.hand) expect(text).not.toContain(`"${card}"`);
        }
        for (const card of p.draw) expect(text).not.toContain(`"${card}"`);
      });
      // Face-down piles are counts.
      expect(typeof view.objPile).toBe("number");
      expect(typeof view.bonPile).toBe("number");
      for (const tile of state.objPile) expect(text).not.toContain(`"${tile}"`);
      for (const tile of state.bonPile) expect(text).not.toContain(`"${tile}"`);
    }
  });

  it("events that carry hidden cards are private to their seat", () => {
    const drawn = played.events.filter((e) => e.type === "drewCattle");
    expect(drawn.length).toBeGreaterThan(0);
    for (const event of drawn) {
      expect(event.onlyFor).toEqual([event.seat]);
      expect(elPaso.viewEvent(event, null)).toBeNull();
      expect(elPaso.viewEvent(event, ((event.seat as number) + 1) % 3)).toBeNull();
      expect(elPaso.viewEvent(event, event.seat as number)).toEqual(event);
    }
    // Public draw events say how many cattle were drawn and which workers (the worker area is public).
    for (const event of played.events.filter((e) => e.type === "drew")) expect(Object.keys(event).sort()).toEqual(["cattle", "seat", "type", "workers"]);
  });

  it("the view names who is asked and what kind of decision, but not the options", () => {
    const view = elPaso.view(state, null);
    const [prompt] = elPaso.prompts(state);
    expect(view.waitingFor).toEqual([{ seat: prompt!.seat, kind: prompt!.kind }]);
    expect(JSON.stringify(view)).not.toContain('"options"');
  });

  it("live scores add up and each objective shows whether it is met", () => {
    const view = elPaso.view(state, null);
    for (const [seat, score] of view.liveScores.entries()) {
      expect(score.total).toBe(Object.values(score.breakdown).reduce((a, b) => a + b, 0));
      expect(view.players[seat]!.objectiveStatus.map((o) => o.tile)).toEqual(state.players[seat]!.objectives);
    }
  });

  it("what each player owns, by breed and worker type, is public: a spectator can count it from the public log", () => {
    const publicEvents = played.events.slice(0, eventsUpTo(70)).map((e) => elPaso.viewEvent(e, null)).filter((e) => e !== null);
    const view = elPaso.view(state, null);
    view.players.forEach((p, seat) => {
      const cattle: Record<string, number> = { CRI: 4, PIN: 2, GAL: 2, SGE: 2 };
      const workers: Record<string, number> = { COW: 1, ENG: 1, BLD: 1, WLD: 1 };
      for (const e of publicEvents) {
        if (e.seat !== seat) continue;
        if (e.type === "boughtCattle" || e.type === "gainedCattle" || e.type === "tookSimmental") cattle[(e.card as string).slice(2, 5)] = (cattle[(e.card as string).slice(2, 5)] ?? 0) + 1;
        if (e.type === "removedCattle") cattle[(e.card as string).slice(2, 5)]!--;
        if (e.type === "hired") workers[e.worker as string]!++;
      }
      expect(p.resources.cattle).toEqual(Object.fromEntries(Object.entries(cattle).filter(([, n]) => n > 0)));
      expect(p.resources.workers).toEqual(workers);
    });
  });

  it("a table with live scores off sends no scores; objective resources are counts", () => {
    const quiet = replay(elPaso, "view", 3, elPaso.parseOptions({ liveScores: false }), played.log.slice(0, 70));
    expect(elPaso.parseOptions({ liveScores: true })).toEqual(elPaso.parseOptions({}));
    expect(() => elPaso.parseOptions({ liveScores: "no" })).toThrow(/liveScores/);
    for (const viewer of [0, 1, null]) {
      expect(elPaso.view(quiet, viewer).liveScores).toEqual([]);
      expect(elPaso.view(state, viewer).liveScores).toHaveLength(3);
    }
    const view = elPaso.view(state, null);
    state.players.forEach((p, seat) => {
      const owned = [...p.draw, ...p.hand, ...p.discard, ...p.workers];
      const r = view.players[seat]!.resources;
      expect(Object.values(r.cattle).reduce((a, b) => a + b, 0) + Object.values(r.workers).reduce((a, b) => a + b, 0)).toBe(owned.length);
    });
  });

  it("the view shares the frozen state: changing it fails and leaves the game untouched", () => {
    const before = JSON.stringify(state);
    const view = elPaso.view(state, 0);
    expect(() => view.players[0]!.hand!.pop()).toThrow(TypeError);
    expect(() => (view.board.T02 = undefined)).toThrow(TypeError);
    expect(JSON.stringify(state)).toBe(before);
  });

  it("a seat's own entry stays the same frozen object while its player is unchanged, and is new when it changes", () => {
    // The table's projection recognises an unchanged entry by identity (apps/server table-sync.ts).
    const mover = played.log[70]!.seat;
    const applied = elPaso.apply(state, mover, played.log[70]!.action);
    if (!applied.ok) throw new Error(applied.error.message);
    const next = applied.state;
    for (const viewer of [0, 1, 2]) {
      const before = elPaso.view(state, viewer).players[viewer]!;
      const after = elPaso.view(next, viewer).players[viewer]!;
      expect(Object.isFrozen(after)).toBe(true);
      expect(after.hand).toEqual(next.players[viewer]!.hand);
      if (next.players[viewer] === state.players[viewer]) expect(after).toBe(before);
      else expect(after).not.toBe(before);
    }
    expect(next.players[mover]).not.toBe(state.players[mover]);
    expect([0, 1, 2].some((seat) => next.players[seat] === state.players[seat])).toBe(true);
  });

  it("same seed and actions give the same game", () => {
    const again = playOut(elPaso, { seed: "view", seats: 3 });
    expect(again.log).toEqual(played.log);
    expect(replay(elPaso, "view", 3, undefined, played.log)).toEqual(played.state);
  });
});

describe("views made of remembered parts", () => {
  // The view keeps what it makes from frozen state parts and hands it back while they are the
  // same (view.ts, scoring.ts, sue.ts). A copy of a state is not frozen, so nothing is remembered
  // for it: its view is made from scratch, the reference. A part remembered on too little (reused
  // after something it reads changed) or shared between seats differs from it at some step.
  for (const match of matches as MatchFixture[]) {
    it(`${match.seed}, ${match.seats} seats: every viewer's view of every state is the one made from scratch`, () => {
      let state = elPaso.setup(match.seed, match.seats, (match.options ?? undefined) as never);
      const viewers = [null, ...Array.from({ length: match.seats }, (_, seat) => seat)];
      const check = (step: number) => {
        const fresh = structuredClone(state);
        // Seats in both orders: a remembered part must not depend on who asked first.
        for (const viewer of step % 2 === 0 ? viewers : [...viewers].reverse()) {
          const text = JSON.stringify(elPaso.view(state, viewer));
          if (text !== JSON.stringify(elPaso.view(fresh, viewer))) expect({ step, viewer, view: elPaso.view(state, viewer) }).toEqual({ step, viewer, view: elPaso.view(fresh, viewer) });
        }
      };
      check(0);
      match.log.forEach(({ seat, action }, i) => {
        const r = elPaso.apply(state, seat, action);
        if (!r.ok) throw new Error(r.error.message);
        state = r.state;
        check(i + 1);
      });
    });
  }
});
