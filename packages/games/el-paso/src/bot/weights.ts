/**
 * The bot's weights and its horizon: what each resource, ability and missing item is worth in
 * victory points to `evaluate.ts`, and how much of the game is left for the deciding seat. The
 * weights are tuned by simulation (`bench/`); each says what it stands for.
 */
import type { Seat } from "@saloon/engine";
import type { PostId, WorkerType } from "../data.ts";
import type { ElPasoState } from "../state.ts";

export const WEIGHTS = {
  /** VP per dollar while there is time to spend it (at the end a dollar is worth 1/5 VP). */
  dollar: 0.25,
  /** Dollars a turn can put to use; money beyond what the turns left can spend is worth 1/5 VP. */
  dollarsPerTurn: 3,
  /** A certificate left over after the next delivery. */
  spareCert: 0.3,
  /** An exchange token, while there are deliveries to improve. */
  token: 0.45,
  /** Use of a worker in the worker area beyond its VP. */
  workerUse: { COW: 0.5, ENG: 0.45, BLD: 0.8, WLD: 0.75 } as Record<WorkerType, number>,
  /** The share of that use kept by a worker in the draw or discard pile (spent as a cost, it comes back). */
  workerAway: 0.6,
  /** VP per location nearer to El Paso: the pace of a lap. */
  progress: 0.32,
  /** Future visits to each own building, while the game runs. */
  buildingVisits: 1.6,
  /** The worth of each post's disc beyond its VP (its reward, in VP). */
  postReward: { P00: 0, P05: 0.8, P07: 2, P09: 2.2, P10: 1.2, P12: 2.2, P16: 2 } as Record<PostId, number>,
  /** Cleared disc spaces whose value is not already counted elsewhere (D5 and D6 are: certificates, hand size). */
  discAbility: { D1: 0.8, D2: 0.8, D3: 0.2, D4: 0.6, D5: 0, D6: 0, D7: 2.2 } as Record<string, number>,
  /** Certificates expected per lap besides those on the track. */
  certsPerLap: 0.8,
  /** How much of an objective's VP a likely one is worth before it is met. */
  objectiveHope: 0.85,
  /** Actions a missing item of an objective takes, by kind. */
  missing: { ANG: 1, COR: 1.3, SHO: 1.8, HER: 2.4, worker: 1, wild: 1.4, builders: 0.3, buildAction: 0.7, disc10: 1.2, disc16: 2.5, delivery: 0.3 },
  /** Share of the turns left that can go to one objective's missing items. */
  objectiveTurns: 0.3,
};
export type Weights = typeof WEIGHTS;

/** The time left for the deciding seat, estimated once at the decision and fixed for its trials. */
export interface Horizon {
  /** Deliveries left, the one pending on this lap included. */
  deliveries: number;
  /** Turns left. */
  turns: number;
  /** 1 while what is bought now can still be used, falling to 0 at the end. */
  invest: number;
  /** Discs on posts at the decision: a trial's deliveries are counted against `deliveries`. */
  discsPlaced: number;
}

/** Turns a lap takes a player who uses the locations on the way. */
const TURNS_PER_LAP = 3.5;

export function horizonAt(state: ElPasoState, seat: Seat): Horizon {
  const me = state.players[seat]!;
  // As at the start of the seat's turn: in El Paso its arrival took a Simmental and its delivery
  // placed a disc; counted back, every decision of a turn has the same horizon, and the search
  // carried from the turn's move serves its delivery and reward (index.ts). With the horizon of
  // the moment, those two decisions started afresh: a sixth of the bot's time (issue #14).
  let simmentals = state.simmentals.length;
  let discs = me.discs.length;
  if (state.phase.kind === "turn" && state.active === seat) {
    let visiting = false;
    let delivering = false;
    for (let i = 0; i < state.stack.length; i++) {
      const kind = state.stack[i]!.kind;
      if (kind === "elPasoFinish") visiting = true;
      else if (kind === "deliver") delivering = true;
    }
    if (visiting && state.end.simmSeat === null) simmentals++;
    if (visiting && !delivering) discs++;
  }
  const discsPlaced = 7 - discs;
  if (state.phase.kind === "over") return { deliveries: 0, turns: 0, invest: 0, discsPlaced };
  let deliveries: number;
  if (state.end.simmSeat !== null) deliveries = state.active === seat ? 1 : 0; // a final turn at most
  else deliveries = Math.max(1, (simmentals + 1) / state.seats);
  const turns = deliveries * TURNS_PER_LAP;
  return { deliveries, turns, invest: clamp((turns - 2) / 8, 0, 1), discsPlaced };
}

export const clamp = (x: number, lo: number, hi: number): number => Math.min(hi, Math.max(lo, x));
