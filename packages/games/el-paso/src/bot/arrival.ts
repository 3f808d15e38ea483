/**
 * An arrival valued without trying its options (issue #14): what a move's destination is likely
 * worth, from the seat's entry on arrival and the location's printed actions, each action's gain
 * worked out with the evaluation's own parts instead of the rules' trial of every option. A move
 * ranks its destinations by this estimate and plays out only those that may be the best
 * (moves.ts); the first greedy step of every destination, each of its options tried through the
 * rules and evaluated, was half of the bot's time.
 *
 * Exact where the action changes only what the evaluation reads in simple sums: money (its two
 * rates, evaluate.ts), a certificate or a card from the hand (the deliveries to come, by
 * `deliveriesValue` itself), an exchange token. The actions with choices of their own (hire, buy
 * cattle, build, a train card, a tile) are counted by their usual gain when they can be taken at
 * all (`TYPICAL`, measured against the greedy step on recorded arrivals: search.test compares).
 */
import { AUX1_MONEY, AUX1_MONEY_UPGRADED, type ActionSpec, DOLLARS_PER_VP, MAX_CERTIFICATES } from "../data.ts";
import { type ElPasoAction, cleared, specOptions } from "../prompts.ts";
import type { ElPasoState, PlayerState } from "../state.ts";
import { deliveriesValue } from "./deliveries.ts";
import { BREED_INDEX, BV, NB, holdings } from "./holdings.ts";
import { type Search, endsTurnQuietly, judged, stillMyTurn } from "./search.ts";

/**
 * The usual gain, in VP over ending the turn on arrival, of a printed action whose worth turns on
 * a choice the estimate does not make: the median of the greedy step's gains over the arrivals
 * of 20 seeded games where the action could be taken (hire 1.6, buy 1.2, build 1.5, train 2.6,
 * the market's cattle 1.0; a tile, too rare to measure there, is counted as a purchase).
 */
const TYPICAL: Partial<Record<ActionSpec["t"], number>> = { HIRE: 1.6, BUY_CATTLE: 1.2, BUILD: 1.5, TRAIN: 2.6, GAIN_CATTLE: 1, GAIN_TILE: 1.2, REMOVE_CATTLE: 0.2, MOVE: 0 };

/**
 * The gain of a delivery in El Paso over the arrival's own evaluation (which counts the next
 * delivery already, by the hand's expected breeding value): its post's reward and the hand
 * actually in it.
 */
export const DELIVERY_GAIN = 1;

/** What money is worth to the evaluation (evaluate.ts: usable dollars at one rate, the rest at the scoring's). */
function moneyValue(search: Search, money: number): number {
  const { weights: w, horizon: h } = search;
  const late = 1 / DOLLARS_PER_VP;
  const usable = Math.min(money, w.dollarsPerTurn * h.turns);
  return usable * (late + (w.dollar - late) * h.invest) + (money - usable) * late;
}

/** The parts of the seat's entry the deliveries read, for one arrival. */
interface Seat {
  me: PlayerState;
  hand: number[];
  handCards: number;
  herd: number[];
  deliveries: number;
  /** `deliveriesValue` of the entry as it is. */
  now: number;
}

function seatAt(search: Search, s: ElPasoState): Seat {
  const b = search.belief;
  const me = s.players[b.seat]!;
  const own = holdings(b, me);
  // Copies: `holdings` fills one scratch record per seat, which the next evaluation refills.
  const hand = own.hand.slice();
  const herd = own.cattle.slice();
  const deliveries = Math.max(0, search.horizon.deliveries - (7 - me.discs.length - search.horizon.discsPlaced));
  const now = deliveriesValue(b, s, me, hand, own.handCards, herd, deliveries, search.weights);
  return { me, hand, handCards: own.handCards, herd, deliveries, now };
}

/** The deliveries' gain from `n` more certificates (at most the track's last space). */
function certGain(search: Search, s: ElPasoState, seat: Seat, n: number): number {
  const certs = Math.min(MAX_CERTIFICATES, seat.me.certs + n);
  if (certs === seat.me.certs) return 0;
  const me = { ...seat.me, certs };
  return deliveriesValue(search.belief, s, me, seat.hand, seat.handCards, seat.herd, seat.deliveries, search.weights) - seat.now;
}

const BY_SEL: Record<string, number> = Object.fromEntries(Object.entries(BREED_INDEX).map(([breed, i]) => [`BREED:${breed}`, i]));
/** Whether a card of this breed index is one an action's `sel` accepts. */
const matches = (sel: string, breed: number): boolean => sel === "ANY" || (sel === "BV:2" ? BV[breed] === 2 : BY_SEL[sel] === breed);

/**
 * A card of the hand discarded for money: the best of the breeds the action accepts (money less
 * what the next deliveries lose with it), as the greedy step picks among them. -Infinity: no card.
 */
function discardGain(search: Search, s: ElPasoState, seat: Seat, spec: Extract<ActionSpec, { t: "DISCARD_CATTLE" }>, money: number): number {
  let best = -Infinity;
  for (let i = 0; i < NB; i++) {
    if (seat.hand[i] === 0 || !matches(spec.sel, i)) continue;
    const g = breedDiscarded(search, s, seat, spec, i, money);
    if (g > best) best = g;
  }
  return best;
}

/** A card of breed index `i` discarded from the hand for the action's money: the money less what the deliveries to come lose. */
function breedDiscarded(search: Search, s: ElPasoState, seat: Seat, spec: Extract<ActionSpec, { t: "DISCARD_CATTLE" }>, i: number, money: number): number {
  const hand = seat.hand;
  hand[i]!--;
  const lost = seat.now - deliveriesValue(search.belief, s, seat.me, hand, seat.handCards - 1, seat.herd, seat.deliveries, search.weights);
  hand[i]!++;
  const gain = spec.gain === "2xBV" ? 2 * BV[i]! : spec.gain;
  return moneyValue(search, money + gain) - moneyValue(search, money) - lost;
}

/** The gain of one printed action over ending the turn (-Infinity: it cannot be taken). */
function specGain(search: Search, s: ElPasoState, seat: Seat, spec: ActionSpec, i: number): number {
  const money = seat.me.money;
  switch (spec.t) {
    case "GAIN_MONEY":
      return moneyValue(search, money + spec.n) - moneyValue(search, money);
    case "GAIN_CERT":
      return seat.me.certs < MAX_CERTIFICATES ? certGain(search, s, seat, spec.n) : -Infinity;
    case "GAIN_TOKEN":
      if (money < spec.cost) return -Infinity;
      return (seat.me.tokens < 3 ? search.weights.token * search.horizon.invest : 0) + moneyValue(search, money - spec.cost) - moneyValue(search, money);
    case "DISCARD_CATTLE":
      return discardGain(search, s, seat, spec, money);
    case "AUX":
      return auxGain(search, s, seat, spec.n);
    default:
      return specOptions(s, spec, i).length > 0 ? TYPICAL[spec.t]! : -Infinity;
  }
}

/**
 * `n` auxiliary actions, each a different one: the better of money (1) and a certificate (2), or
 * both when there are two. (The exchange of a card, 3, is judged by expectation elsewhere.)
 */
function auxGain(search: Search, s: ElPasoState, seat: Seat, n: number): number {
  const me = seat.me;
  const money = moneyValue(search, me.money + (cleared(me, "D1") ? AUX1_MONEY_UPGRADED : AUX1_MONEY)) - moneyValue(search, me.money);
  const cert = cleared(me, "D2") && me.certs < MAX_CERTIFICATES ? certGain(search, s, seat, 1) : 0;
  return n >= 2 ? money + Math.max(0, cert) : Math.max(money, cert);
}

/**
 * The estimate of what playing the turn out from arrival state `s` reaches (index: its move's
 * trial's bonus is the caller's). On a frame of printed actions: the arrival's evaluation plus
 * the better of an auxiliary action in their place and the printed actions' gains together (each
 * on its own, as moves.ts `upperBound` adds them); in El Paso, the evaluation plus the usual gain
 * of a delivery. Null where the arrival's evaluation is not what ending the turn there leaves (the
 * game's last turns, a reshuffle of the draw pile) or the frame is another: the caller tries it.
 */
export function arrivalEstimate(search: Search, s: ElPasoState): number | null {
  if (!stillMyTurn(search, s)) return judged(search, s);
  const top = s.stack.at(-1);
  if (top?.kind === "deliver") return s.end.simmSeat === null ? judged(search, s) + DELIVERY_GAIN : null;
  // Not when ending the turn here would not leave a state judged as this one (the game's end,
  // a reshuffle): the evaluation of the arrival is not the base then.
  if (top?.kind !== "actions" || !endsTurnQuietly(search, s)) return null;
  const base = judged(search, s);
  const gains = actionGains(search, s, top);
  let total = 0;
  for (let i = 0; i < gains.length; i++) if (gains[i]! > 0) total += gains[i]!;
  return base + Math.max(0, gains.aux, total);
}

/**
 * Each printed action's estimated gain over ending the turn on arrival, by its index in the
 * frame (-Infinity: it cannot be taken, or is used), and in `aux` an auxiliary action's in their
 * place (0 where the frame is not a location's).
 */
export function actionGains(search: Search, s: ElPasoState, top: Extract<ElPasoState["stack"][number], { kind: "actions" }>): number[] & { aux: number } {
  const seat = seatAt(search, s);
  const gains = [] as unknown as number[] & { aux: number };
  gains.aux = top.location !== null ? auxGain(search, s, seat, 1) : 0;
  for (let i = 0; i < top.specs.length; i++) gains.push(top.used[i] || top.location === "auxOnly" ? -Infinity : specGain(search, s, seat, top.specs[i]!, i));
  return gains;
}

/**
 * The greedy step's options at a frame of printed actions (search.ts `bestStep`) whose value is
 * worked out as exactly the evaluation of their trial, without the trial: money, a certificate,
 * a token, a card discarded for money (while another action of the frame is left, so that it
 * stays open), and an auxiliary action that ends the turn in place of the actions. Each changes
 * only the seat's money, certificates,
 * tokens, or a card from hand to discard pile, which the evaluation reads in the sums used here
 * (arrival.test checks every kind against the rules' trial). Made once per stepped state, the
 * seat's parts found at the first option that needs them.
 */
export class StepGains {
  private seat: Seat | null = null;
  constructor(
    private readonly search: Search,
    private readonly s: ElPasoState,
    private readonly top: Extract<ElPasoState["stack"][number], { kind: "actions" }>,
    /** Whether an auxiliary action here ends the turn as the trial's light state has it (search.ts `auxEndsTurn`). */
    private readonly auxEnds: boolean,
  ) {}

  /** The option's gain over the state as it is, or undefined when it needs its trial. */
  of(option: ElPasoAction): number | undefined {
    const money = this.s.players[this.search.belief.seat]!.money;
    if (option.type === "aux") {
      if (!this.auxEnds || option.aux === 3) return undefined;
      const me = this.s.players[this.search.belief.seat]!;
      if (option.aux === 1) return moneyValue(this.search, money + (cleared(me, "D1") ? AUX1_MONEY_UPGRADED : AUX1_MONEY)) - moneyValue(this.search, money);
      return option.aux === 2 ? certGain(this.search, this.s, this.parts(), 1) : undefined;
    }
    if (option.type !== "act" && option.type !== "actBreed") return undefined;
    // The frame's last action closes it (RULINGS.usedUpSourceCloses), and what comes after (the
    // frame below, the end of the turn) is the trial's to find.
    let open = false;
    for (let j = 0; j < this.top.used.length && !open; j++) open = j !== option.i && !this.top.used[j];
    if (!open) return undefined;
    const spec = this.top.specs[option.i]!;
    switch (spec.t) {
      case "GAIN_MONEY":
        return moneyValue(this.search, money + spec.n) - moneyValue(this.search, money);
      case "GAIN_CERT":
        return certGain(this.search, this.s, this.parts(), spec.n);
      case "GAIN_TOKEN": {
        const tokens = this.s.players[this.search.belief.seat]!.tokens;
        return (tokens < 3 ? this.search.weights.token * this.search.horizon.invest : 0) + moneyValue(this.search, money - spec.cost) - moneyValue(this.search, money);
      }
      case "DISCARD_CATTLE":
        return option.type === "actBreed" ? breedDiscarded(this.search, this.s, this.parts(), spec, BREED_INDEX[option.breed], money) : undefined;
      default:
        return undefined;
    }
  }

  private parts(): Seat {
    return (this.seat ??= seatAt(this.search, this.s));
  }
}
