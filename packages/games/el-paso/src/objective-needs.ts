/**
 * What each objective tile needs, parsed once, and whether a set of them can be met at once from
 * a player's resources (scoring.ts's best assignment, the bot's objectives): out of scoring.ts to
 * keep it under 500 lines.
 */
import { BREEDS, type Breed, OBJECTIVES, type WorkerType } from "./data.ts";
import type { ObjectiveResources } from "./scoring.ts";

/** One objective's requirements, counted by kind (parsed once: the bot checks objectives thousands of times a game). */
export interface Needs {
  cattle: [Breed, number][];
  workers: Record<WorkerType, number>;
  builders: number;
  d10: number;
  d16: number;
}
export const NEEDS: Record<string, Needs> = Object.fromEntries(
  Object.entries(OBJECTIVES).map(([id, o]) => {
    const cattle: Partial<Record<Breed, number>> = {};
    const workers: Record<WorkerType, number> = { COW: 0, ENG: 0, BLD: 0, WLD: 0 };
    let builders = 0;
    let d10 = 0;
    let d16 = 0;
    for (const req of o.req) {
      const [kind, arg] = req.split(":") as [string, string];
      if (kind === "CATTLE") cattle[arg as Breed] = (cattle[arg as Breed] ?? 0) + 1;
      else if (kind === "WORKER") workers[arg as WorkerType]++;
      else if (kind === "BUILDERS") builders += Number(arg);
      else if (req === "DISC:16") d16++;
      else d10++;
    }
    return [id, { cattle: Object.entries(cattle) as [Breed, number][], workers, builders, d10, d16 }];
  }),
);

/**
 * Can these objectives all be met at once, each item counted once? Summed into scratch numbers
 * (cattle by breed index), not into records made per call: a new player entry's best assignment
 * asks it for every subset of its objectives (issue #14).
 */
export function canMeetTogether(objectives: readonly string[], r: ObjectiveResources): boolean {
  const needCattle = NEED_CATTLE;
  needCattle.fill(0);
  let cow = 0;
  let eng = 0;
  let bld = 0;
  let wld = 0;
  let builders = 0;
  let d10 = 0;
  let d16 = 0;
  for (let i = 0; i < objectives.length; i++) {
    const needs = NEEDS[objectives[i]!]!;
    const cattle = NEED_INDICES[objectives[i]!]!;
    for (let j = 0; j < cattle.length; j += 2) needCattle[cattle[j]!]! += cattle[j + 1]!;
    cow += needs.workers.COW;
    eng += needs.workers.ENG;
    bld += needs.workers.BLD;
    wld += needs.workers.WLD;
    builders += needs.builders;
    d10 += needs.d10;
    d16 += needs.d16;
  }
  for (let b = 0; b < BREEDS.length; b++) if (needCattle[b]! > 0 && (r.cattle[BREEDS[b]!] ?? 0) < needCattle[b]!) return false;
  if (builders > r.builders) return false;
  if (d16 > r.discs16 || d16 + d10 > r.discs16 + r.discs10) return false;
  // RULINGS.wildInObjectives: wilds fill the shortfall of specific types once WORKER:WLD is served.
  let spareWild = r.workers.WLD - wld;
  if (spareWild < 0) return false;
  spareWild -= Math.max(0, cow - r.workers.COW);
  spareWild -= Math.max(0, eng - r.workers.ENG);
  spareWild -= Math.max(0, bld - r.workers.BLD);
  return spareWild >= 0;
}
/** Each objective's cattle needs as breed index and count, in turn (canMeetTogether). */
const NEED_INDICES: Record<string, number[]> = Object.fromEntries(
  Object.entries(NEEDS).map(([id, needs]) => [id, needs.cattle.flatMap(([breed, n]) => [BREEDS.indexOf(breed), n])]),
);
const NEED_CATTLE = new Int32Array(BREEDS.length);
