import { createRandom } from "@saloon/engine";
import { describe, expect, it } from "vitest";
import { BREEDS, type Breed, OBJECTIVE_IDS, WORKER_TYPES, type WorkerType } from "./data.ts";
import { NEEDS, canMeetTogether } from "./objective-needs.ts";
import type { ObjectiveResources } from "./scoring.ts";

/** canMeetTogether as it was written before its sums went into scratch numbers: the reference. */
function plainCanMeetTogether(objectives: string[], r: ObjectiveResources): boolean {
  const needCattle: Partial<Record<Breed, number>> = {};
  const needWorkers: Record<WorkerType, number> = { COW: 0, ENG: 0, BLD: 0, WLD: 0 };
  let builders = 0;
  let d10 = 0;
  let d16 = 0;
  for (const id of objectives) {
    const needs = NEEDS[id]!;
    for (const [breed, n] of needs.cattle) needCattle[breed] = (needCattle[breed] ?? 0) + n;
    for (const t of WORKER_TYPES) needWorkers[t] += needs.workers[t];
    builders += needs.builders;
    d10 += needs.d10;
    d16 += needs.d16;
  }
  for (const [breed, n] of Object.entries(needCattle)) if ((r.cattle[breed as Breed] ?? 0) < n) return false;
  if (builders > r.builders) return false;
  if (d16 > r.discs16 || d16 + d10 > r.discs16 + r.discs10) return false;
  let spareWild = r.workers.WLD - needWorkers.WLD;
  if (spareWild < 0) return false;
  for (const t of ["COW", "ENG", "BLD"] as const) spareWild -= Math.max(0, needWorkers[t] - r.workers[t]);
  return spareWild >= 0;
}

describe("canMeetTogether", () => {
  it("answers as the plain count did for 20,000 random sets of tiles and resources", () => {
    const random = createRandom("objective-needs");
    let met = 0;
    for (let i = 0; i < 20_000; i++) {
      const cattle: Partial<Record<Breed, number>> = {};
      for (const breed of BREEDS) if (random.int(0, 2) > 0) cattle[breed] = random.int(0, 4);
      const r: ObjectiveResources = {
        cattle,
        workers: { COW: random.int(0, 5), ENG: random.int(0, 5), BLD: random.int(0, 4), WLD: random.int(0, 3) },
        builders: random.int(0, 8),
        discs10: random.int(0, 3),
        discs16: random.int(0, 2),
      };
      const tiles: string[] = [];
      for (let n = random.int(1, 4); tiles.length < n; ) tiles.push(random.pick(OBJECTIVE_IDS));
      const answer = canMeetTogether(tiles, r);
      expect(answer).toBe(plainCanMeetTogether(tiles, r));
      if (answer) met++;
    }
    // Both answers often, or this proves little.
    expect(met).toBeGreaterThan(2_000);
    expect(met).toBeLessThan(18_000);
  });
});
