/**
 * A hire, a purchase of cattle and a building at a frame of printed actions, valued without the
 * rules' trial (issue #14). While another action of the frame is left, such an option changes only
 * the seat's money, worker area and discard pile, and the part of the table it takes from (the
 * worker supply, the market, a building stack and the board): the rules' `advance` does nothing
 * more with an open frame of actions on top. So the evaluation of the rules' trial is the
 * evaluation of a state made directly with those parts, which is what `resultSeen` makes; the
 * greedy step (search.ts `bestStep`) judges it so and makes the rules' trial only for the option
 * it takes, as it does for the printed actions of step-gains.ts. Those three were 0.93 of the 4.2
 * trials a simulated action still made through the rules (2 players).
 *
 * The state is meant for the evaluation only: its stack still shows the action unused and its
 * supply, stack or market are those of the evaluation's reading (for the market: which breeds are
 * left), so nothing is tried from it. printed-results.test checks each kind against the rules'
 * trial: the seat's entry, the board, whether the market is open, the evaluation.
 */
import {
  AUX1_MONEY,
  AUX1_MONEY_UPGRADED,
  type BuildingType,
  DOLLARS_PER_WORKER,
  HIRE_ONE_PRICE,
  MARKET_COWBOYS,
  MAX_CERTIFICATES,
  type NodeId,
  SPACE_COST,
  WILD_SURCHARGE,
} from "../data.ts";
import { type ElPasoAction, HIRE_SECOND_PRICE, cleared } from "../prompts.ts";
import type { ElPasoState, PlayerState } from "../state.ts";
import { seatEntry, stateWith, workersPaid } from "./quiet-trials.ts";

type ActionsFrame = Extract<ElPasoState["stack"][number], { kind: "actions" }>;

/**
 * The state the evaluation reads after `option` (a hire, a purchase or a building of the frame
 * `top`, the top of `s`, by the seat), or null when it needs the rules: the frame's last action
 * (it closes, and what comes after is the trial's to find), a hire that opens a second hire, or a
 * supply, market or stack the option cannot take from (never offered so; the rules decide).
 */
export function resultSeen(s: ElPasoState, seat: number, top: ActionsFrame, option: ElPasoAction): ElPasoState | null {
  if (option.type !== "hire" && option.type !== "buy" && option.type !== "build") return null;
  let open = false;
  for (let j = 0; j < top.used.length && !open; j++) open = j !== option.i && !top.used[j];
  if (!open) return null;
  const spec = top.specs[option.i];
  const me = s.players[seat]!;
  if (option.type === "hire") {
    // rules.ts doSpec HIRE and `hire`: the price paid, the supply's first worker of the type.
    if (spec?.t !== "HIRE" || spec.mode === "ONE_OR_TWO") return null;
    const card = s.workerSupply[option.worker][0];
    if (card === undefined) return null;
    const wild = option.worker === "WLD";
    const price = spec.mode === "FIXED" ? (wild ? spec.wild : spec.specific) : HIRE_ONE_PRICE + (wild ? WILD_SURCHARGE : 0);
    const workers: string[] = [];
    for (let i = 0; i < me.workers.length; i++) workers.push(me.workers[i]!);
    workers.push(card);
    return withSeat(s, seat, entry(me, me.money - price, workers, me.discard), s.board, s.market);
  }
  if (option.type === "buy") {
    // doSpec BUY_CATTLE: cowboys paid (wild ones for some), $2 per cowboy, the market's first card.
    if (spec?.t !== "BUY_CATTLE") return null;
    const card = s.market[option.breed][0];
    if (card === undefined) return null;
    const k = MARKET_COWBOYS[option.breed];
    const paid = workersPaid(me, "COW", k, option.wild);
    if (paid === null) return null;
    paid.discard.push(card);
    const market = {} as ElPasoState["market"];
    for (const breed in s.market) {
      const b = breed as keyof ElPasoState["market"];
      market[b] = b === option.breed ? s.market[b].slice(1) : s.market[b];
    }
    return withSeat(s, seat, entry(me, me.money - k * DOLLARS_PER_WORKER, paid.workers, paid.discard), s.board, market);
  }
  // doSpec BUILD: the stack's first tile of the type, on an empty space (its cost, all builders)
  // or over the seat's own building (the difference in builders).
  if (spec?.t !== "BUILD") return null;
  const type = option.building as BuildingType;
  const tile = s.buildingStacks[String(type)]?.[0];
  if (tile === undefined) return null;
  const existing = s.board[option.node as NodeId];
  let k: number = type;
  let dollars = type * DOLLARS_PER_WORKER;
  if (existing && existing.kind === "building") {
    k = type - existing.type;
    dollars = k * DOLLARS_PER_WORKER;
  } else dollars += SPACE_COST[option.node]!;
  const paid = workersPaid(me, "BLD", k, option.wild);
  if (paid === null) return null;
  // The rules' copy of the board (engine `writable`: a spread) with the space written: the same
  // keys in the same order, which the evaluation's loop over the board's buildings follows.
  const board = { ...s.board };
  board[option.node] = { kind: "building", tile, type, owner: seat };
  return withSeat(s, seat, entry(me, me.money - dollars, paid.workers, paid.discard), board, s.market);
}

/**
 * The state the evaluation reads after `option` at a frame a printed action opened over the
 * location's (or a train card's) actions: an auxiliary action of money or a certificate chosen in
 * an "aux" frame, or the second worker of a hire for $13. Whether the frame closes or stays, the
 * frame of actions below it is on top or under it, and the rules' `advance` does nothing more; the
 * option changes the seat's money, certificates or worker area (and the worker supply) alone. Null
 * for anything else, or when nothing of actions is below (the frame's close may end the turn).
 * These were 0.56 of the 3.5 trials a simulated action still made through the rules (2 players):
 * a hire of two workers opens one such frame, and each worker type offered was a trial.
 */
export function frameResultSeen(s: ElPasoState, seat: number, option: ElPasoAction): ElPasoState | null {
  const n = s.stack.length;
  if (n < 2 || s.stack[n - 2]!.kind !== "actions") return null;
  const top = s.stack[n - 1]!;
  const me = s.players[seat]!;
  if (top.kind === "aux" && option.type === "aux" && (option.aux === 1 || option.aux === 2)) {
    // rules.ts perform "aux": gainMoney or gainCerts.
    const money = option.aux === 1 ? me.money + (cleared(me, "D1") ? AUX1_MONEY_UPGRADED : AUX1_MONEY) : me.money;
    const certs = option.aux === 2 ? me.certs + Math.min(1, MAX_CERTIFICATES - me.certs) : me.certs;
    return withSeat(s, seat, entry(me, money, me.workers, me.discard, certs), s.board, s.market);
  }
  if (top.kind === "hireSecond" && option.type === "hireSecond") {
    // perform "hireSecond": `hire` at the second worker's price.
    const card = s.workerSupply[option.worker][0];
    if (card === undefined) return null;
    const workers: string[] = [];
    for (let i = 0; i < me.workers.length; i++) workers.push(me.workers[i]!);
    workers.push(card);
    const price = HIRE_SECOND_PRICE + (option.worker === "WLD" ? WILD_SURCHARGE : 0);
    return withSeat(s, seat, entry(me, me.money - price, workers, me.discard), s.board, s.market);
  }
  return null;
}

/** The seat's entry with its money, certificates, worker area and discard pile replaced (quiet-trials.ts `seatEntry`). */
function entry(me: PlayerState, money: number, workers: PlayerState["workers"], discard: PlayerState["discard"], certs = me.certs): PlayerState {
  return seatEntry(me, { money, certs, discs: me.discs, hand: me.hand, draw: me.draw, discard, workers });
}

/** `s` with the seat's entry, the board and the market replaced (the other parts are the evaluation's to read as they are). */
function withSeat(s: ElPasoState, seat: number, me: PlayerState, board: ElPasoState["board"], market: ElPasoState["market"]): ElPasoState {
  const players = [...s.players];
  players[seat] = me;
  return stateWith(s, players, s.posts, s.stack, s.active, s.turnCount, board, market);
}
