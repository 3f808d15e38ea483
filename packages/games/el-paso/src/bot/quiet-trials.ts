/**
 * Trial states the search makes without the rules (search.ts `newTrial`), where the evaluation
 * of the rules' state is known to be the evaluation of a state made directly: an auxiliary
 * action that ends the turn; a post's reward that ends it (money, a certificate, a worker hired
 * for a fixed price, an objective tile, or none); a delivery to a post with a reward, or to the
 * post without one where the turn ends; a worker bonus. Each is made as the rules leave every
 * part the evaluation reads, and search.test checks each against the rules' trial in recorded
 * games.
 */
import { deepFreeze } from "@saloon/engine";
import {
  AUX1_MONEY,
  AUX1_MONEY_UPGRADED,
  BUILDER_BONUS_COST,
  BUILDING_ACTIONS,
  DISC_DATA,
  type DiscId,
  EL_PASO,
  ENGINEER_BONUS,
  MAX_CERTIFICATES,
  NEUTRAL_ACTIONS,
  type NodeId,
  POST_DATA,
  type PostId,
  WILD_BONUS,
  type WorkerType,
  isKind,
  workerOf,
} from "../data.ts";
import { type ElPasoAction, OBJ_PILE, cleared, countWorkers, destinations, handSize } from "../prompts.ts";
import type { ElPasoState, PlayerState } from "../state.ts";
import { thaw } from "../writes.ts";
import { PLACEHOLDER } from "./belief.ts";
import { rememberDelivery } from "./board.ts";

/** The parts of a seat's entry a quiet trial changes; the rest is the seat's own. */
interface SeatChanges {
  money: number;
  certs: number;
  discs: PlayerState["discs"];
  hand: PlayerState["hand"];
  draw: PlayerState["draw"];
  discard: PlayerState["discard"];
  workers: PlayerState["workers"];
  /** The seat's own when not given. */
  objectives?: PlayerState["objectives"];
  /** The seat's own when not given. */
  herder?: PlayerState["herder"];
}

/**
 * The seat's entry with `changed` parts, its fields listed in the rules' order, not `...me`: the
 * spread made the simulator ~10 % slower (the entry's shape differs from the rules' entries
 * downstream; bench:sim el-paso, alternated). search.test checks that every quiet trial's entry
 * has exactly the rules' fields.
 */
export function seatEntry(me: PlayerState, changed: SeatChanges): PlayerState {
  return {
    money: changed.money,
    tokens: me.tokens,
    certs: changed.certs,
    discs: changed.discs,
    hand: changed.hand,
    draw: changed.draw,
    discard: changed.discard,
    workers: changed.workers,
    herder: changed.herder === undefined ? me.herder : changed.herder,
    objectives: changed.objectives ?? me.objectives,
    bonuses: me.bonuses,
  };
}

/** `s` with the seat's entry replaced and the next seat's turn begun, as far as `stillMyTurn` asks; frozen. */
function turnEnded(s: ElPasoState, seat: number, entry: PlayerState, posts: ElPasoState["posts"] = s.posts): ElPasoState {
  const players = [...s.players];
  players[seat] = Object.freeze(entry);
  Object.freeze(players);
  return Object.freeze(stateWith(s, players, posts, EMPTY_STACK, (s.active + 1) % s.seats, s.turnCount + 1));
}

/**
 * `s` with these parts replaced: the rules' `thaw` (writes.ts: its fields written out, not
 * `{ ...s, … }`, whose spread of a frozen state takes V8's slow path; the quiet trials' spreads
 * were ~2 % of the simulator's time, issue #14), then the parts set, which keeps its shape.
 */
export function stateWith(
  s: ElPasoState,
  players: ElPasoState["players"],
  posts: ElPasoState["posts"],
  stack: ElPasoState["stack"],
  active: number,
  turnCount: number,
  board: ElPasoState["board"] = s.board,
  market: ElPasoState["market"] = s.market,
): ElPasoState {
  const copy = thaw(s);
  copy.players = players;
  copy.board = board;
  copy.posts = posts;
  copy.market = market;
  copy.stack = stack;
  copy.active = active;
  copy.turnCount = turnCount;
  return copy;
}
const EMPTY_STACK = Object.freeze([]) as unknown as ElPasoState["stack"];

/**
 * An auxiliary action (1: money, 2: a certificate) in place of a location's actions when that
 * location is the turn's last open frame: the turn ends, and the state after it is judged as one
 * whose seat's entry has the money or certificate, as `perform` would leave it (endsTurnQuietly:
 * the evaluation reads neither the stack, the turn nor the placeholders drawn). Made without the
 * rules' copy and steps: such a trial is in nearly every arrival a move plays out, and nothing is
 * tried from it.
 */
export function auxEndsTurn(s: ElPasoState, seat: number, aux: number): ElPasoState {
  const me = s.players[seat]!;
  return turnEnded(s, seat, seatEntry(me, {
    money: aux === 1 ? me.money + (cleared(me, "D1") ? AUX1_MONEY_UPGRADED : AUX1_MONEY) : me.money,
    certs: aux === 2 ? me.certs + Math.min(1, MAX_CERTIFICATES - me.certs) : me.certs,
    discs: me.discs,
    hand: me.hand,
    draw: me.draw,
    discard: me.discard,
    workers: me.workers,
  }));
}

/**
 * A delivery to a post with a reward, as the rules carry it out (rules.ts `deliver`): the
 * certificates spent, the disc from the seat's board to the post, the disc's money, the delivery's
 * frame replaced by the reward's. Made without the rules' copy of the seat's piles, the stack and
 * the posts: a delivery's options (posts × discs) were the most frequent trials of all, one in
 * six, in every move that reaches El Paso. (A post without a reward ends the turn: those go
 * through the rules.)
 */
export function delivered(s: ElPasoState, seat: number, post: PostId, disc: DiscId, spend: number): ElPasoState {
  const players = [...s.players];
  players[seat] = deliveredEntry(s.players[seat]!, disc, spend);
  const posts = postsWith(s, seat, post, disc);
  // A loop, not slice(): the belief's stack is the view's frozen list (V8's slow path, issue #14).
  const stack: ElPasoState["stack"] = [];
  for (let i = 0; i < s.stack.length - 1; i++) stack.push(s.stack[i]!);
  stack.push({ kind: "actions", source: post, specs: [POST_DATA[post].reward!], used: [false], location: null });
  return stateWith(s, players, posts, stack, s.active, s.turnCount);
}

/** The seat's entry after a delivery with `disc` to a post with a reward (`delivered`): the disc's money, the certificates spent. */
export function deliveredEntry(me: PlayerState, disc: DiscId, spend: number): PlayerState {
  return seatEntry(me, { money: me.money + DISC_DATA[disc].money, certs: me.certs - spend, discs: discsWithout(me, disc), hand: me.hand, draw: me.draw, discard: me.discard, workers: me.workers });
}

function discsWithout(me: PlayerState, disc: DiscId): DiscId[] {
  const discs: DiscId[] = [];
  for (let i = 0; i < me.discs.length; i++) if (me.discs[i] !== disc) discs.push(me.discs[i]!);
  return discs;
}

/** The posts of `s` with the seat's disc added to `post`. */
function postsWith(s: ElPasoState, seat: number, post: PostId, disc: DiscId): ElPasoState["posts"] {
  // Frozen, as a trial's changed parts are (belief.ts freezeChanged): trials from it share them.
  // Written out in the state's key order (POSTS, state.ts): a spread with a computed key took
  // V8's slow path, a tenth of a delivery step's time (issue #14).
  const before = s.posts;
  const posts: ElPasoState["posts"] = { P00: before.P00, P05: before.P05, P07: before.P07, P09: before.P09, P10: before.P10, P12: before.P12, P16: before.P16 };
  posts[post] = Object.freeze([...before[post], Object.freeze({ seat, disc })]) as ElPasoState["posts"][PostId];
  Object.freeze(posts);
  // The post facts the evaluation reads, found from those before: a delivery step makes new posts
  // for each of its options (board.ts).
  rememberDelivery(before, posts, seat, post);
  return posts;
}

/**
 * Whether the top frame of `s`, `kind`, is the last one of an El Paso visit that does not end the
 * game for the seat, and the turn's end after it needs no rules: the new hand comes from the draw
 * pile's placeholders (no reshuffle; `size` cards, the hand size once the frame is resolved) and
 * the turn does not end the game (the evaluation of a finished game differs).
 */
function closesElPaso(s: ElPasoState, seat: number, kind: string, size: number): boolean {
  if (s.stack.length !== 2 || s.phase.kind !== "turn" || s.active !== seat) return false;
  const below = s.stack[0]!;
  if (below.kind !== "elPasoFinish" || below.endsGameForPlayer || s.stack[1]!.kind !== kind) return false;
  const simm = s.end.simmSeat;
  if (simm !== null && s.active === (simm + s.seats - 1) % s.seats) return false;
  const me = s.players[s.active]!;
  if (me.draw.length < size) return false;
  for (let i = 0; i < size; i++) if (me.draw[i] !== PLACEHOLDER) return false;
  return true;
}

/**
 * The seat's entry once El Paso's visit closes and the turn ends (rules.ts `advance`): the hand on
 * the discard pile, the draw pile's first placeholders the new hand (`closesElPaso`).
 */
function handDrawn(me: PlayerState, changed: Omit<SeatChanges, "hand" | "draw" | "discard">): PlayerState {
  // The hand size reads the discs alone (the disc just delivered may be the one that raises it);
  // a spread of the whole entry for it was a slow path of V8's.
  const size = handSize({ discs: changed.discs } as PlayerState);
  const piles = pilesDrawn(me, size);
  return seatEntry(me, { money: changed.money, certs: changed.certs, discs: changed.discs, hand: piles.hand, draw: piles.draw, discard: piles.discard, workers: changed.workers, objectives: changed.objectives });
}

/**
 * The three piles once the hand is discarded and `size` cards drawn, the last ones again when they
 * are made from the very same (frozen) piles: a delivery step ends the turn quietly for every
 * post's reward and every disc to P00 (1.3 a simulated action), all from the same hand, draw and
 * discard piles, which `delivered` leaves as they are. Shared, they cost no new lists, and the
 * evaluation's sums that are kept by the lists they read (holdings, objectives, deliveries:
 * evaluate.ts) serve again instead of being counted anew for each such state (issue #14).
 */
function pilesDrawn(me: PlayerState, size: number): Piles {
  const last = LAST_PILES;
  if (last.piles !== null && me.hand === last.hand && me.draw === last.draw && me.discard === last.discard && size === last.size) return last.piles;
  const hand: string[] = [];
  const draw: string[] = [];
  for (let i = 0; i < me.draw.length; i++) (i < size ? hand : draw).push(me.draw[i]!);
  const discard: string[] = [];
  for (let i = 0; i < me.discard.length; i++) discard.push(me.discard[i]!);
  for (let i = 0; i < me.hand.length; i++) discard.push(me.hand[i]!);
  const piles: Piles = { hand: Object.freeze(hand) as string[], draw: Object.freeze(draw) as string[], discard: Object.freeze(discard) as string[] };
  last.hand = me.hand;
  last.draw = me.draw;
  last.discard = me.discard;
  last.size = size;
  last.piles = piles;
  return piles;
}
interface Piles {
  hand: PlayerState["hand"];
  draw: PlayerState["draw"];
  discard: PlayerState["discard"];
}
const LAST_PILES: { hand: readonly string[] | null; draw: readonly string[] | null; discard: readonly string[] | null; size: number; piles: Piles | null } = { hand: null, draw: null, discard: null, size: 0, piles: null };

/**
 * Whether a delivery in `s` to a post without a reward (P00) ends the turn where the evaluation
 * needs no rules (`closesElPaso`; the hand size after the disc, which may be the one that raises it).
 */
export function deliveryEndsTurnQuietly(s: ElPasoState, seat: number, disc: DiscId): boolean {
  const me = s.players[seat];
  return me !== undefined && closesElPaso(s, seat, "deliver", handSize({ discs: discsWithout(me, disc) } as PlayerState));
}

/**
 * A delivery to a post without a reward where `deliveryEndsTurnQuietly`, as the rules leave it in
 * every part the evaluation reads: the disc on the post and its money, the certificates spent,
 * El Paso's visit closed and the next seat's turn begun (as far as `stillMyTurn` asks). Such
 * deliveries (to P00) were one in twenty of all trials, each through the rules' end of the turn.
 */
export function deliveredEndingTurn(s: ElPasoState, seat: number, post: PostId, disc: DiscId, spend: number): ElPasoState {
  return turnEnded(s, seat, deliveredEndingTurnEntry(s.players[seat]!, disc, spend), postsWith(s, seat, post, disc));
}

/** The seat's entry after a delivery that ends the turn (`deliveredEndingTurn`): the disc's money, the certificates spent, a new hand drawn. */
export function deliveredEndingTurnEntry(me: PlayerState, disc: DiscId, spend: number): PlayerState {
  return handDrawn(me, { money: me.money + DISC_DATA[disc].money, certs: me.certs - spend, discs: discsWithout(me, disc), workers: me.workers });
}

/**
 * Whether closing the top frame of `s` ends the turn where the evaluation needs no rules: the
 * frame is a post's reward (`delivered`) on the end of an El Paso visit that does not
 * end the game for the seat, so that its `done` or its one action closes it, the hand goes to the
 * discard pile, a new hand is drawn and the next seat's turn begins (rules.ts `advance`). Only
 * when the new hand comes from the draw pile's placeholders (no reshuffle) and the turn does not
 * end the game (the evaluation of a finished game differs).
 */
export function rewardEndsTurnQuietly(s: ElPasoState, seat: number): boolean {
  const top = s.stack[1];
  if (top?.kind !== "actions" || top.specs.length !== 1 || top.used[0]) return false;
  const me = s.players[seat];
  return me !== undefined && closesElPaso(s, seat, "actions", handSize(me));
}

/**
 * The state after `option` (the reward frame's `done`, or its one action when that gives money or
 * certificates) where `rewardEndsTurnQuietly`, as the rules leave it in every part the evaluation
 * reads: the money or certificates gained, the hand on the discard pile, the draw pile's first
 * placeholders the new hand, the next seat's turn (as far as `stillMyTurn` asks, like
 * `auxEndsTurn`). Null for any other action: it goes through the rules. A reward's `done` and
 * its money or certificates were two of every five trials of a delivery step, each through the
 * rules' end of the turn; search.test checks these states against the rules' trials.
 */
export function rewardEnded(s: ElPasoState, seat: number, option: ElPasoAction): ElPasoState | null {
  const entry = rewardEndedEntry(s, seat, option);
  return entry === null ? null : turnEnded(s, seat, entry);
}

/** The seat's entry in `rewardEnded`'s state (null where it makes none): the evaluation reads that state's entry and nothing else it changes. */
export function rewardEndedEntry(s: ElPasoState, seat: number, option: ElPasoAction): PlayerState | null {
  const me = s.players[seat]!;
  let money = me.money;
  let certs = me.certs;
  let workers = me.workers;
  let objectives = me.objectives;
  if (option.type === "act" || option.type === "hire" || option.type === "tile") {
    const frame = s.stack[1]!;
    const spec = frame.kind === "actions" && option.i === 0 ? frame.specs[0]! : null;
    if (option.type === "act" && spec?.t === "GAIN_MONEY") money += spec.n;
    else if (option.type === "act" && spec?.t === "GAIN_CERT") certs += Math.min(spec.n, MAX_CERTIFICATES - certs);
    else if (option.type === "hire" && spec?.t === "HIRE" && spec.mode === "FIXED") {
      // A worker for a fixed price (posts 9 and 12), the first of its type from the supply
      // (rules.ts `hire`); the supply itself the evaluation does not read.
      const card = s.workerSupply[option.worker][0];
      if (card === undefined) return null;
      money -= option.worker === "WLD" ? spec.wild : spec.specific;
      workers = [...me.workers, card];
    } else if (option.type === "tile" && spec?.t === "GAIN_TILE" && spec.kind === "OBJ") {
      // An objective tile (posts 7 and 16), from the display or the pile's first (rules.ts
      // `takeTileFromDisplay`); the display and the pile the evaluation does not read.
      const tile = option.pick === OBJ_PILE ? s.objPile[0] : option.pick;
      if (tile === undefined || !tile.startsWith("OB")) return null;
      money -= spec.cost;
      objectives = Object.freeze([...me.objectives, tile]) as string[];
    } else return null;
  } else if (option.type !== "done") return null;
  return handDrawn(me, { money, certs, discs: me.discs, workers, objectives });
}

/** The frames a worker bonus leaves as they are (the rules' `advance` resolves nothing under them). */
export const QUIET_UNDER_BONUS = new Set(["actions", "aux", "hireSecond", "deliver"]);

/**
 * A worker bonus as the rules carry it out (rules.ts `workerBonus`): the first worker of the type
 * goes from the worker area to the discard pile, and the seat gains its money or buys a
 * certificate. Made without the rules' copy of the seat's piles and the stack: the state shares
 * everything else with `s` (a trial never writes into the state it is made from), and nothing
 * else changes. A decision inside a location judges every bonus offered (index.ts `stepValue`).
 */
export function workerBonus(s: ElPasoState, seat: number, worker: WorkerType): ElPasoState {
  const players = [...s.players];
  players[seat] = workerBonusEntry(s.players[seat]!, worker);
  return stateWith(s, players, s.posts, s.stack, s.active, s.turnCount);
}

/** The seat's entry after a worker bonus (`workerBonus`). */
export function workerBonusEntry(me: PlayerState, worker: WorkerType): PlayerState {
  let at = -1;
  for (let i = 0; i < me.workers.length && at < 0; i++) if (workerOf(me.workers[i]!) === worker) at = i;
  const workers = [...me.workers];
  const [card] = workers.splice(at, 1);
  return seatEntry(me, {
    money: me.money + (worker === "ENG" ? ENGINEER_BONUS : worker === "WLD" ? WILD_BONUS : worker === "BLD" ? -BUILDER_BONUS_COST : 0),
    certs: worker === "BLD" ? me.certs + 1 : me.certs,
    discs: me.discs,
    hand: me.hand,
    draw: me.draw,
    discard: [...me.discard, card!],
    workers,
  });
}

/**
 * The worker area and discard pile after `k` workers of `type` are paid, `wild` of them wild, as
 * rules.ts `payWorkers` moves them (each the first of its kind left, onto the discard pile in that
 * order); null when the area has too few.
 */
export function workersPaid(me: PlayerState, type: WorkerType, k: number, wild: number): { workers: string[]; discard: string[] } | null {
  const workers: string[] = [];
  for (let i = 0; i < me.workers.length; i++) workers.push(me.workers[i]!);
  const discard: string[] = [];
  for (let i = 0; i < me.discard.length; i++) discard.push(me.discard[i]!);
  for (let n = 0; n < k; n++) {
    const kind = n < k - wild ? type : "WLD";
    let at = -1;
    for (let i = 0; i < workers.length && at < 0; i++) if (isKind(workers[i]!, kind)) at = i;
    if (at < 0) return null;
    discard.push(workers.splice(at, 1)[0]!);
  }
  return { workers, discard };
}

/**
 * A move to a location other than El Paso, as the rules carry it out (rules.ts perform "move" and
 * `arrive`): the move's frame closes, the cowboys its steps beyond the limit need go from the
 * worker area to the discard pile, the herder stands on the location, and its actions' frame opens
 * (a neutral building's, the seat's own building's, or another seat's, which offers the auxiliary
 * actions only). Made without the rules' copy: a move's destinations were a quarter of the trials
 * still made through the rules (0.8 an action), each the first trial of a destination's play-out.
 * Null for El Paso (its money, the Simmental taken and the end of the game are the rules'), and
 * for a move the rules would refuse (search.test checks each state against the rules' trial).
 */
export function moved(s: ElPasoState, seat: number, to: NodeId): ElPasoState | null {
  const frame = s.stack.at(-1);
  if (frame?.kind !== "move" || to === EL_PASO || s.phase.kind !== "turn" || s.active !== seat) return null;
  const tile = s.board[to];
  if (tile === undefined) return null;
  const me = s.players[seat]!;
  let workers = me.workers;
  let discard = me.discard;
  if (!frame.first) {
    if (me.herder === null) return null;
    const steps = destinations(s, me.herder as NodeId, frame.max + countWorkers(me, "COW")).get(to);
    if (steps === undefined) return null;
    const cowboys = Math.max(0, steps - frame.max);
    if (cowboys > 0) {
      const paid = workersPaid(me, "COW", cowboys, 0);
      if (paid === null) return null;
      workers = paid.workers;
      discard = paid.discard;
    }
  }
  let opened: ElPasoState["stack"][number];
  if (tile.kind === "neutral") {
    const specs = NEUTRAL_ACTIONS[tile.id];
    opened = { kind: "actions", source: tile.id, specs, used: unusedFlags(specs.length), location: "full" };
  } else if (tile.owner === seat) {
    const side = s.buildingSides[String(tile.type)]!;
    const specs = BUILDING_ACTIONS[`${tile.type}${side}`];
    opened = { kind: "actions", source: `CB${tile.type}${side}`, specs, used: unusedFlags(specs.length), location: "full" };
  } else opened = { kind: "actions", source: `CB${tile.type}${s.buildingSides[String(tile.type)]}`, specs: [], used: [], location: "auxOnly" };
  const stack: ElPasoState["stack"] = [];
  for (let i = 0; i < s.stack.length - 1; i++) stack.push(s.stack[i]!);
  stack.push(opened);
  const entry = seatEntry(me, { money: me.money, certs: me.certs, discs: me.discs, hand: me.hand, draw: me.draw, discard, workers, herder: to });
  const players = [...s.players];
  players[seat] = entry;
  return stateWith(s, players, s.posts, stack, s.active, s.turnCount);
}

function unusedFlags(n: number): boolean[] {
  const out: boolean[] = [];
  for (let i = 0; i < n; i++) out.push(false);
  return out;
}
