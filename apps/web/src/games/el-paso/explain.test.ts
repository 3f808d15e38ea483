import { type ElPasoState, type ElPasoView, NODES, OBJECTIVES, SUCCESSORS, elPaso } from "@saloon/el-paso";
import { type Prompt, createRandom } from "@saloon/engine";
import { describe, expect, it } from "vitest";
import { assignObjectives, explainBreeding, reachable, requirementsCovered } from "./explain.ts";

// The tests below play whole games (about a second each alone); the timeouts leave room for a
// busy two-core machine running other suites at the same time.

/** Every state of a few bot games, with the prompt owed in it: the client's numbers are checked against the rules' own at each. */
function* states(games: number, seats: number, seed: string): Generator<{ state: ElPasoState; prompt: Prompt<{ type: string }> | undefined; step: number }> {
  for (let g = 0; g < games; g++) {
    const random = createRandom(`${seed}-${g}`);
    const options = elPaso.parseOptions({ bSides: g % 2 ? [1, 2, 3, 4, 5, 6] : [], starTrains: g % 3 ? [] : [1, 2, 3, 4] });
    let state = elPaso.setup(`${seed}-${g}`, seats, options);
    for (let step = 0; step < 3000 && !elPaso.isOver(state); step++) {
      const [prompt] = elPaso.prompts(state);
      yield { state, prompt, step };
      const action = elPaso.bot(elPaso.view(state, prompt!.seat), prompt!, random);
      const result = elPaso.apply(state, prompt!.seat, action);
      if (!result.ok) throw new Error(result.error.message);
      state = result.state;
    }
    yield { state, prompt: undefined, step: -1 };
  }
}

describe("what the El Paso table computes", () => {
  it("explains every hand's breeding value exactly as the rules count it", () => {
    let withPermanent = 0;
    let deliveries = 0;
    for (const { state, prompt, step } of states(3, 3, "bv")) {
      if (step % 6 === 0) state.players.forEach((p, seat) => {
        const view = elPaso.view(state, seat) as ElPasoView;
        const mine = view.players[seat]!;
        const explained = explainBreeding(mine.hand!, mine.bonuses, mine.discs);
        expect(explained.total).toBe(mine.breedingValue);
        expect(explained.permanentTotal).toBe(mine.permanentCerts);
        expect(explained.cards.map((c) => c.card)).toEqual(p.hand);
        if (explained.permanentTotal > 0) withPermanent++;
      });
      if (prompt?.kind === "deliver") {
        const me = (elPaso.view(state, prompt.seat) as ElPasoView).players[prompt.seat]!;
        expect(explainBreeding(me.hand!, me.bonuses, me.discs).total).toBe(prompt.context!.breedingValue);
        deliveries++;
      }
    }
    expect(deliveries).toBeGreaterThan(20);
    // The permanent-certificate sources occur in these games, so the sums above covered them.
    expect(withPermanent).toBeGreaterThan(0);
  }, 20_000);

  it("counts the highest duplicates when bonus tiles allow, and says which cards add nothing", () => {
    const hand = ["C-CRI-0-1", "C-CRI-0-2", "C-HER-01", "C-HER-02", "C-ANG-01", "C-ANG-02"];
    const none = explainBreeding(hand, [], ["D1", "D2", "D3", "D4", "D5", "D6", "D7"]);
    expect(none.cards.map((c) => c.role)).toEqual(["first", "ignored", "first", "ignored", "first", "ignored"]);
    expect(none.total).toBe(none.handValue);
    // BO04 counts one duplicate: the Hereford, the most valuable one; disc space 5 and BO01 add a permanent certificate each.
    const one = explainBreeding(hand, ["BO04", "BO01"], ["D1", "D2", "D3", "D4", "D6", "D7"]);
    expect(one.cards.map((c) => c.role)).toEqual(["first", "ignored", "first", "duplicate", "first", "ignored"]);
    expect(one.handValue).toBe(none.handValue + one.cards[3]!.value);
    expect(one.permanent).toEqual([
      { source: "disc space 5 cleared", n: 1 },
      { source: "bonus tile BO01", n: 1 },
    ]);
    expect(one.total).toBe(one.handValue + 2);
  });

  it("finds exactly the destinations the rules offer, with the cowboys each costs, and the way there", () => {
    let moves = 0;
    for (const { state, prompt } of states(3, 3, "move")) {
      if (prompt?.kind !== "move" || prompt.context?.first) continue;
      const view = elPaso.view(state, prompt.seat) as ElPasoView;
      const me = view.players[prompt.seat]!;
      const max = Number(prompt.context!.max);
      const cowboys = me.workers.filter((c) => c.startsWith("W-COW")).length;
      const reach = reachable(view.board, me.herder as (typeof NODES)[number], max + cowboys);
      const offered = prompt.options.filter((o) => o.type === "move").map((o) => (o as unknown as { to: string }).to);
      expect([...reach.keys()].sort()).toEqual([...offered].sort());
      const extra: Record<string, number> = {};
      for (const [node, r] of reach) if (r.steps > max) extra[node] = r.steps - max;
      expect(extra).toEqual(prompt.context!.cowboys);
      for (const [node, r] of reach) {
        for (const path of r.paths) {
          expect(path.at(-1)).toBe(node);
          // A real walk along the trail, costing one step per location on it.
          [me.herder as string, ...path].slice(1).forEach((n, i, all) => expect(SUCCESSORS[(i === 0 ? me.herder : all[i - 1]) as keyof typeof SUCCESSORS]).toContain(n));
          expect(path.filter((n) => n === "T00" || view.board[n]).length).toBe(r.steps);
        }
      }
      moves++;
    }
    expect(moves).toBeGreaterThan(50);
  }, 20_000);

  it("assigns components to exactly the objectives the rules count as met, and no unmet one fits beside them", () => {
    let checked = 0;
    let metSeen = 0;
    for (const { state, step } of states(4, 3, "obj")) {
      if (step % 20 !== 0 && step !== -1) continue;
      const view = elPaso.view(state, null) as ElPasoView;
      view.players.forEach((p, seat) => {
        const met = p.objectiveStatus.filter((o) => o.met).map((o) => o.tile);
        const fills = assignObjectives(met, p.resources);
        expect(fills, `seat ${seat} ${JSON.stringify(p.objectiveStatus)}`).not.toBeNull();
        // Each met objective is filled requirement by requirement, and the points match the live score.
        for (const tile of met) expect(fills![tile]!.map((f) => f.req)).toEqual(OBJECTIVES[tile]!.req);
        expect(met.reduce((s, t) => s + OBJECTIVES[t]!.vp, 0)).toBe(view.liveScores[seat]!.breakdown.objectives);
        for (const o of p.objectiveStatus.filter((x) => !x.met)) {
          expect(assignObjectives([...met, o.tile], p.resources)).toBeNull();
          expect(requirementsCovered(o.tile, p.resources)).toBeLessThanOrEqual(OBJECTIVES[o.tile]!.req.length);
        }
        metSeen += met.length;
        checked++;
      });
    }
    expect(checked).toBeGreaterThan(20);
    expect(metSeen).toBeGreaterThan(0);
  }, 20_000);
});
