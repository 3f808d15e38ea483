import type { Seat } from "@saloon/engine";
import { scoreBreakdown } from "./scoring.ts";
import type { FistfulState } from "./state.ts";

/**
 * What a seat or a spectator sees. In this game everything is public except the RNG, which
 * decides every draw and die roll: the bag is shown by counts only (it has no order to hide),
 * and the RNG state is dropped. Seats and spectators therefore receive the same projection.
 */
export type FistfulView = Omit<FistfulState, "rng"> & {
  viewer: Seat | null;
  /** Who owes a decision and which kind; the options themselves go only to that seat. */
  waitingFor: { seat: Seat; kind: string }[];
  /** The score so far, per seat, with its breakdown. */
  liveScores: { total: number; breakdown: Record<string, number> }[];
};

/**
 * Who owes a decision and which kind: the seat and kind of `currentPrompt` without building its
 * options (every view of every state names it). Must agree with `currentPrompt`; the stored
 * matches' view digests check it at every moment.
 */
function waitingFor(state: FistfulState): FistfulView["waitingFor"] {
  const step = state.step;
  switch (step.kind) {
    case "over":
      return [];
    case "startSign":
    case "reroll":
      return [{ seat: step.seat, kind: step.kind }];
    case "upgrade":
      return [{ seat: step.owner, kind: step.kind }];
    default:
      return [{ seat: state.active, kind: step.kind }];
  }
}

/**
 * The last state's `waitingFor`, frozen: a table builds every viewer's view of one state in a
 * row, and the same frozen object in each lets its projection reuse the public view's text
 * (table-sync) instead of writing it out per seat.
 */
let lastWaiting: { state: FistfulState; waitingFor: FistfulView["waitingFor"] } | null = null;

function sharedWaitingFor(state: FistfulState): FistfulView["waitingFor"] {
  if (lastWaiting?.state === state) return lastWaiting.waitingFor;
  const list = waitingFor(state);
  // Only engine states (frozen all the way down) are remembered: a hand-built position a test changes in place is read again.
  if (!Object.isFrozen(state)) return list;
  for (const entry of list) Object.freeze(entry);
  Object.freeze(list);
  lastWaiting = { state, waitingFor: list };
  return list;
}

/**
 * The live scores last found for each signs object, with the players they were found from. Scores
 * depend on nothing else, and copy-on-write keeps both the same objects while an action leaves
 * them alone (most actions: sowing, naming, choosing a direction), so they are found again only
 * when one changed; and a seat's line that comes out the same is the last one's object. Keyed by
 * the signs, which change seldom and belong to one game: with one "last" for all, at 1,000 tables
 * the next view was always another table's, so every view made new lines, which its table's
 * projection wrote out again and which lived until the table's next move, long enough to be
 * promoted (issue #14). Frozen: every viewer's view of every state with those players and signs
 * shares them.
 */
const lastScores = new WeakMap<FistfulState["signs"], { players: FistfulState["players"]; liveScores: FistfulView["liveScores"] }>();

function liveScores(state: FistfulState): FistfulView["liveScores"] {
  const last = lastScores.get(state.signs);
  if (last?.players === state.players) return last.liveScores;
  let same = last !== undefined && last.liveScores.length === state.players.length;
  const scores: FistfulView["liveScores"] = state.players.map((_, seat) => {
    const breakdown = scoreBreakdown(state, seat);
    const total = breakdown.gold + breakdown.bars + breakdown.signs;
    const before = last?.liveScores[seat];
    if (before && before.total === total && sameBreakdown(before.breakdown, breakdown)) return before;
    same = false;
    return Object.freeze({ total, breakdown: Object.freeze(breakdown) });
  });
  if (!same) Object.freeze(scores);
  const found = same ? last!.liveScores : scores;
  // Only frozen (engine) players and signs are remembered: a hand-built position a test changes in place is read again.
  if (Object.isFrozen(state.players) && Object.isFrozen(state.signs)) lastScores.set(state.signs, { players: state.players, liveScores: found });
  return found;
}

function sameBreakdown(a: Record<string, number>, b: Record<string, number>): boolean {
  for (const key in b) if (a[key] !== b[key]) return false;
  return true;
}

/**
 * The view shares the state's objects instead of copying them: engine states are frozen all the
 * way down (defineGame), so no holder of a view can write into the game (fixtures.test.ts tries).
 * The derived parts are frozen and shared: who is waited for by every view of one state, the
 * live scores, mostly, from one state to the next as well (a table builds a view per seat and
 * one for spectators after every move: issue #14).
 */
export function viewFor(state: FistfulState, viewer: Seat | null): FistfulView {
  // Every key named, the RNG left out: spreading the frozen state and adding keys cost V8 several
  // times more (issue #14), and the view's type makes a new state key fail to compile until it is
  // listed here or hidden.
  return {
    seats: state.seats,
    players: state.players,
    locations: state.locations,
    signs: state.signs,
    spaces: state.spaces,
    bag: state.bag,
    jailDynamite: state.jailDynamite,
    explodedDynamite: state.explodedDynamite,
    graves: state.graves,
    boxed: state.boxed,
    bank: state.bank,
    active: state.active,
    turnsPlayed: state.turnsPlayed,
    turn: state.turn,
    step: state.step,
    endTrigger: state.endTrigger,
    viewer,
    waitingFor: sharedWaitingFor(state),
    liveScores: liveScores(state),
  };
}
