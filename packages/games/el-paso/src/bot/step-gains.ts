/**
 * Printed actions valued without their trials (issue #14). At a frame of printed actions the
 * greedy step (search.ts `bestStep`) tries every option through the rules and evaluates the
 * result; for the options below, the evaluation of that result is the evaluation of the state
 * before it plus a gain worked out from the seat's entry with the evaluation's own sums, so the
 * step values them so and makes a trial only for the option it takes:
 *   - money (a printed action, or the auxiliary action 1): the evaluation's two rates of money;
 *   - a certificate (a printed action, or the auxiliary action 2): the deliveries to come, by
 *     `deliveriesValue` itself with the certificates one or more higher;
 *   - an exchange token bought: the token's weight, the money paid;
 *   - a card discarded from the hand for money: the money, the deliveries to come without it.
 * Each of these changes only the seat's money, certificates, tokens, or one card from hand to
 * discard pile, which the evaluation reads in those sums alone (its herd, workers, board and
 * posts stay as they are). The printed ones keep the frame open only while another of its
 * actions is left (RULINGS.usedUpSourceCloses: the last one closes it, and what comes after is
 * the trial's to find); an auxiliary action in place of the actions ends the turn, valued so only
 * where the trial would make it without the rules' steps (quiet-trials.ts `auxEndsTurn`).
 * step-gains.test checks every kind against the rules' trial.
 */
import { AUX1_MONEY, AUX1_MONEY_UPGRADED, type ActionSpec, DOLLARS_PER_VP, MAX_CERTIFICATES } from "../data.ts";
import { type ElPasoAction, cleared } from "../prompts.ts";
import type { ElPasoState, PlayerState } from "../state.ts";
import { deliveriesValue } from "./deliveries.ts";
import { BREED_INDEX, BV, holdings } from "./holdings.ts";
import { resultSeen } from "./printed-results.ts";
import type { Search } from "./search.ts";

type ActionsFrame = Extract<ElPasoState["stack"][number], { kind: "actions" }>;

/** What money is worth to the evaluation (evaluate.ts: usable dollars at one rate, the rest at the scoring's). */
function moneyValue(search: Search, money: number): number {
  const { weights: w, horizon: h } = search;
  const late = 1 / DOLLARS_PER_VP;
  const usable = Math.min(money, w.dollarsPerTurn * h.turns);
  return usable * (late + (w.dollar - late) * h.invest) + (money - usable) * late;
}

/** The parts of the seat's entry the deliveries to come read, and their value as it is. */
interface Deliveries {
  me: PlayerState;
  hand: number[];
  handCards: number;
  herd: number[];
  left: number;
  now: number;
}

function deliveriesOf(search: Search, s: ElPasoState): Deliveries {
  const b = search.belief;
  const me = s.players[b.seat]!;
  const own = holdings(b, me);
  // Copies: `holdings` fills one scratch record per seat, which the next evaluation refills.
  const hand = own.hand.slice();
  const herd = own.cattle.slice();
  // As evaluate.ts counts them: those left less those placed in this trial's turn.
  const left = Math.max(0, search.horizon.deliveries - (7 - me.discs.length - search.horizon.discsPlaced));
  const now = deliveriesValue(b, s, me, hand, own.handCards, herd, left, search.weights);
  return { me, hand, handCards: own.handCards, herd, left, now };
}

/** The deliveries' gain from `n` more certificates (at most the track's last space). */
function certGain(search: Search, s: ElPasoState, d: Deliveries, n: number): number {
  const certs = Math.min(MAX_CERTIFICATES, d.me.certs + n);
  if (certs === d.me.certs) return 0;
  return deliveriesValue(search.belief, s, { ...d.me, certs }, d.hand, d.handCards, d.herd, d.left, search.weights) - d.now;
}

/** A card of breed index `i` discarded from the hand for the action's money: the money less what the deliveries to come lose. */
function discarded(search: Search, s: ElPasoState, d: Deliveries, spec: Extract<ActionSpec, { t: "DISCARD_CATTLE" }>, i: number, money: number): number {
  const hand = d.hand;
  hand[i]!--;
  const lost = d.now - deliveriesValue(search.belief, s, d.me, hand, d.handCards - 1, d.herd, d.left, search.weights);
  hand[i]!++;
  const gain = spec.gain === "2xBV" ? 2 * BV[i]! : spec.gain;
  return moneyValue(search, money + gain) - moneyValue(search, money) - lost;
}

/**
 * The gains at one stepped state `s` whose top frame is `top`. Made once per step; the parts the
 * deliveries read are found at the first option that needs them.
 */
export class StepGains {
  private deliveries: Deliveries | null = null;
  constructor(
    private readonly search: Search,
    private readonly s: ElPasoState,
    private readonly top: ActionsFrame,
    /** Whether an auxiliary action here ends the turn as quiet-trials.ts `auxEndsTurn` makes it. */
    private readonly auxEnds: boolean,
  ) {}

  /** The option's gain over the evaluation of `s`, or undefined when it needs its trial. */
  of(option: ElPasoAction): number | undefined {
    const search = this.search;
    const me = this.s.players[search.belief.seat]!;
    const money = me.money;
    if (option.type === "aux") {
      if (!this.auxEnds) return undefined;
      if (option.aux === 1) return moneyValue(search, money + (cleared(me, "D1") ? AUX1_MONEY_UPGRADED : AUX1_MONEY)) - moneyValue(search, money);
      return option.aux === 2 ? certGain(search, this.s, this.parts(), 1) : undefined;
    }
    if (option.type !== "act" && option.type !== "actBreed") return undefined;
    let open = false;
    for (let j = 0; j < this.top.used.length && !open; j++) open = j !== option.i && !this.top.used[j];
    if (!open) return undefined;
    const spec = this.top.specs[option.i]!;
    switch (spec.t) {
      case "GAIN_MONEY":
        return moneyValue(search, money + spec.n) - moneyValue(search, money);
      case "GAIN_CERT":
        return certGain(search, this.s, this.parts(), spec.n);
      case "GAIN_TOKEN":
        return (me.tokens < 3 ? search.weights.token * search.horizon.invest : 0) + moneyValue(search, money - spec.cost) - moneyValue(search, money);
      case "DISCARD_CATTLE":
        return option.type === "actBreed" ? discarded(search, this.s, this.parts(), spec, BREED_INDEX[option.breed], money) : undefined;
      default:
        return undefined;
    }
  }

  /** The state a hire, purchase or building is judged as, or null when it needs its trial (printed-results.ts). */
  seen(option: ElPasoAction): ElPasoState | null {
    return resultSeen(this.s, this.search.belief.seat, this.top, option);
  }

  private parts(): Deliveries {
    return (this.deliveries ??= deliveriesOf(this.search, this.s));
  }
}
