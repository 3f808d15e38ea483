import { describe, expect, it } from "vitest";
import { BREEDS, WORKER_TYPES, breedOf, isWorkerCard, workerOf } from "../data.ts";
import type { ElPasoView } from "../view.ts";
import { beliefFromView } from "./belief.ts";
import { recordedDecisions } from "./recorded-decisions.ts";

/** The seat's draw pile counted afresh from its view: what it owns less its hand, discard pile and worker area. */
function countedDrawPile(view: ElPasoView, seat: number): { cattle: number[]; workers: number[] } {
  const me = view.players[seat]!;
  const cattle = BREEDS.map((b) => me.resources.cattle[b] ?? 0);
  const workers = WORKER_TYPES.map((t) => me.resources.workers[t]);
  for (const card of [...me.hand!, ...me.discard!, ...me.workers]) {
    if (isWorkerCard(card)) workers[WORKER_TYPES.indexOf(workerOf(card))]!--;
    else cattle[BREEDS.indexOf(breedOf(card))]!--;
  }
  return { cattle, workers };
}

describe("the belief's draw pile (kept per seat while its counts stay the same)", () => {
  it("is at every decision of seeded games what a fresh count of the view finds", () => {
    let kept = 0;
    let counted = 0;
    let last: ReturnType<typeof beliefFromView> | null = null;
    for (const [view, prompt] of recordedDecisions("belief-draw", 6)) {
      const belief = beliefFromView(view, prompt.seat);
      // A copy of the view is not frozen, so its draw pile is never kept: the reference answer.
      const fresh = beliefFromView(structuredClone(view), prompt.seat);
      const { cattle, workers } = countedDrawPile(view, prompt.seat);
      for (let i = 0; i < BREEDS.length; i++) {
        expect(belief.drawCattle[BREEDS[i]!] ?? 0).toBe(cattle[i]);
        expect(fresh.drawCattle[BREEDS[i]!] ?? 0).toBe(cattle[i]);
      }
      expect(belief.drawCattleByIndex).toEqual(cattle.map((n) => Math.max(0, n)));
      expect(fresh.drawCattleByIndex).toEqual(belief.drawCattleByIndex);
      expect(WORKER_TYPES.map((t) => belief.drawWorkers[t])).toEqual(workers);
      expect(fresh.drawWorkers).toEqual(belief.drawWorkers);
      // The same seat's counts found again, from other lists: the very same objects.
      if (last !== null && last.seat === belief.seat) {
        if (JSON.stringify(last.drawCattleByIndex) === JSON.stringify(belief.drawCattleByIndex) && JSON.stringify(last.drawWorkers) === JSON.stringify(belief.drawWorkers)) {
          expect(belief.drawCattleByIndex).toBe(last.drawCattleByIndex);
          expect(belief.drawWorkers).toBe(last.drawWorkers);
          kept++;
        } else counted++;
      }
      last = belief;
    }
    // Both cases happen often, or this proves little.
    expect(kept).toBeGreaterThan(50);
    expect(counted).toBeGreaterThan(20);
  });
});
