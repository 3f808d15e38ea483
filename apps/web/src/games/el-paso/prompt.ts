/**
 * The questions El Paso asks, in plain words; where each option lives on the board (its places);
 * button labels. An option type this file does not know (the rules may add some) has no place
 * and becomes a button with a generic label, so it can always be chosen.
 */
import {
  type ActionSpec,
  DOLLARS_PER_WORKER,
  EL_PASO,
  type ElPasoView,
  HIRE_ONE_PRICE,
  HIRE_TWO_PRICE,
  MARKET_COWBOYS,
  type MarketBreed,
  NEUTRAL_ACTIONS,
  type NodeId,
  POST_DATA,
  SPACE_COST,
  SUCCESSORS,
  WILD_SURCHARGE,
  type WorkerType,
  type DiscId,
} from "@saloon/el-paso";
import type { Prompt } from "@saloon/engine";
import { seatName } from "../../lib/seats.ts";
import type { Option } from "../types.ts";
import { m } from "../../paraglide/messages.js";
import { capitalize, possessive } from "../grammar.ts";
import {
  DISC_SHORT,
  aBreed,
  aWorker,
  actionText,
  auxText,
  bonusGain,
  certificates,
  discMoney,
  dollars,
  neutralLetter,
  postName,
  steps,
  tileKind,
  tileText,
  workerCount,
  workerWords,
} from "./words.ts";

type O = Option & Record<string, unknown>;

/** The piles' names in `tile` options (the rules' OBJ_PILE / BON_PILE). */
const OBJ_PILE = "OBJ_PILE";
const BON_PILE = "BON_PILE";

/**
 * Keys of the places an option lives at. `chip:<i>` is the i-th action of the source being used
 * (drawn on its tile or card); `chip:aux` the auxiliary action a location offers instead.
 */
export function placesOf(option: Option): string[] {
  const o = option as O;
  const chip = typeof o.i === "number" ? [`chip:${o.i}`] : [];
  switch (o.type) {
    case "pickObjective":
      return [`obj:${String(o.tile)}`];
    case "move":
      return [`node:${String(o.to)}`];
    case "act":
    case "actBreed":
      return chip;
    case "hire":
      return [...chip, `worker:${String(o.worker)}`];
    case "hireSecond":
      return [`worker:${String(o.worker)}`];
    case "buy":
      return [...chip, `market:${String(o.breed)}`];
    case "train":
      return [...chip, `train:${Number(o.card)}`];
    case "build":
      return [...chip, `building:${Number(o.building)}`];
    case "tile": {
      const pick = String(o.pick);
      const where = pick === OBJ_PILE ? "pile:OBJ" : pick === BON_PILE ? "pile:BON" : pick.startsWith("OB") ? `obj:${pick}` : `bon:${pick}`;
      return [...chip, where];
    }
    case "aux":
      return [`aux:${Number(o.aux)}`, "chip:aux"];
    case "auxTrash":
      return ["aux:4", "chip:aux"];
    case "discard":
      return [`hand:${String(o.breed)}`];
    case "deliver":
      return [`post:${String(o.post)}`];
    case "bonus":
      return [`bonus:${String(o.worker)}`];
    case "exchange":
      return ["token"];
    default:
      return [];
  }
}

/**
 * The second place of a two-step choice: a building type chosen in the display goes on a space
 * of the trail; a trading post chosen for a delivery takes a disc from the player board.
 */
export function targetOf(option: Option): string | null {
  const o = option as O;
  if (o.type === "build") return `node:${String(o.node)}`;
  if (o.type === "deliver") return `disc:${String(o.disc)}`;
  return null;
}

/** Options grouped by the place they live at. */
export function optionsByPlace(prompt: Prompt<Option> | null): Map<string, Option[]> {
  const places = new Map<string, Option[]>();
  for (const option of prompt?.options ?? []) {
    for (const key of placesOf(option)) {
      const list = places.get(key) ?? [];
      list.push(option);
      places.set(key, list);
    }
  }
  return places;
}

/**
 * Worker bonuses and exchange tokens also get a button in the turn banner: the game help's
 * "button in the status bar", one click away at any moment of the own turn.
 */
const ALWAYS_A_BUTTON = new Set(["bonus", "exchange"]);

export function onBoard(_prompt: Prompt<Option>, option: Option): boolean {
  return !ALWAYS_A_BUTTON.has(option.type) && placesOf(option).length > 0;
}

// ---------------------------------------------------------------- the source being used

export function sourceName(source: string, view?: ElPasoView, names: readonly string[] = []): string {
  if (source in NEUTRAL_ACTIONS) return m.elpaso_source_neutral({ letter: neutralLetter(source) });
  if (/^CB\d[ab]$/.test(source)) {
    // A building's actions are used where the active herder stands.
    const herder = view?.players[view.active]?.herder;
    const tile = view && herder && herder !== "SIMM" ? view.board[herder] : undefined;
    const type = source.slice(2, 3);
    return tile?.kind === "building" ? m.elpaso_source_owned_building({ owner: possessive(seatName(names, tile.owner)), type }) : m.elpaso_source_building({ type });
  }
  if (/^TR\d[FS]$/.test(source)) return m.elpaso_source_train({ card: source.slice(2, 3) });
  if (source in POST_DATA) return m.elpaso_source_post({ post: postName(source) });
  return m.elpaso_source_bonus({ tile: source });
}

/** The top decision frame of the turn, when it is a source of actions. */
export function actionFrame(view: ElPasoView): Extract<ElPasoView["stack"][number], { kind: "actions" }> | null {
  const top = view.stack[view.stack.length - 1];
  return top?.kind === "actions" ? top : null;
}

/** The printed action an option carries out (`i` of the source being used), if any. */
function specOf(option: O, view: ElPasoView): ActionSpec | null {
  if (typeof option.i !== "number") return null;
  return actionFrame(view)?.specs[option.i] ?? null;
}

// ---------------------------------------------------------------- names of places

/** The nodes before each node on the trail, to name empty spaces by their neighbour. */
const PREDECESSOR: Record<string, string> = Object.fromEntries(Object.entries(SUCCESSORS).flatMap(([from, next]) => next.map((n) => [n, from])));

/**
 * "El Paso", "Building C", "Ann's building 3", "the $2 space after Building C" (`asSpace`: the
 * building space's own name whatever stands on it now).
 */
export function nodeName(node: unknown, view: Pick<ElPasoView, "board">, names: readonly string[], asSpace = false): string {
  if (node === EL_PASO) return m.elpaso_log_el_paso();
  const tile = view.board[node as NodeId];
  if (tile?.kind === "neutral") return m.elpaso_node_neutral({ letter: neutralLetter(tile.id) });
  if (tile?.kind === "building" && !asSpace) return m.elpaso_node_building({ owner: possessive(seatName(names, tile.owner)), type: tile.type });
  if (typeof node !== "string" || !(node in SPACE_COST)) return m.elpaso_node_a_space();
  let before = PREDECESSOR[node];
  for (let k = 0; k < 8 && before && before !== EL_PASO && !view.board[before as NodeId]; k++) before = PREDECESSOR[before];
  const cost = SPACE_COST[node as NodeId] ?? 0;
  if (!before) return m.elpaso_node_space({ cost });
  return m.elpaso_node_space_after({ cost, before: before === EL_PASO ? m.elpaso_log_el_paso() : nodeName(before, view, names, true) });
}

// ---------------------------------------------------------------- sentences

const ctx = (prompt: Prompt<Option>, key: string): unknown => prompt.context?.[key];

export function describePrompt(prompt: Prompt<Option>, view: ElPasoView, names: readonly string[]): string {
  const me = view.players[prompt.seat];
  switch (prompt.kind) {
    case "pickObjective":
      return m.elpaso_prompt_pick_objective();
    case "move":
      if (ctx(prompt, "first")) return m.elpaso_prompt_first_move();
      return m.elpaso_prompt_move({ steps: steps(Number(ctx(prompt, "max")) || 0) });
    case "actions": {
      const source = String(ctx(prompt, "source") ?? "");
      const frame = actionFrame(view);
      if (frame?.location === "auxOnly") return m.elpaso_prompt_aux_only({ source: sourceName(source, view, names) });
      const named = capitalize(sourceName(source, view, names));
      return frame?.location === "full" ? m.elpaso_prompt_actions_or_aux({ source: named }) : m.elpaso_prompt_actions({ source: named });
    }
    case "aux":
      return m.elpaso_prompt_aux({ count: Number(ctx(prompt, "remaining")) || 0 });
    case "hireSecond":
      return m.elpaso_prompt_hire_second({ price: HIRE_TWO_PRICE - HIRE_ONE_PRICE, wild: WILD_SURCHARGE });
    case "exchangeDiscard":
      return m.elpaso_prompt_exchange_discard();
    case "exchangeAgain":
      return m.elpaso_prompt_exchange_again();
    case "deliver": {
      const value = Number(ctx(prompt, "breedingValue")) || 0;
      if (!prompt.options.some((o) => o.type === "deliver")) return m.elpaso_prompt_deliver_none({ value });
      return me && me.certs > 0 ? m.elpaso_prompt_deliver_certs({ value, certificates: certificates(me.certs) }) : m.elpaso_prompt_deliver({ value });
    }
    default:
      return m.elpaso_prompt_other({ kind: prompt.kind });
  }
}

/** What another seat is busy deciding: "Bill is moving the herder" / "Bill ist dran: den Viehtreiber bewegen" (the table's table_is_doing). */
export function describeWaiting(kind: string, view: ElPasoView): string {
  // Sue's turn goes step by step at the room's bot pace: say which card she is playing.
  if (kind === "sue") return view.sue?.card ? m.elpaso_waiting_sue_card({ card: view.sue.card }) : m.elpaso_waiting_sue_draw();
  return m.elpaso_waiting({ kind });
}

function wildText(wild: number, type: WorkerType, k: number): string {
  const own = k - wild;
  const parts = [];
  if (own > 0) parts.push(workerCount(type, own));
  if (wild > 0) parts.push(workerCount("WLD", wild));
  return parts.join(" + ") || m.elpaso_no_workers();
}

/** What a hire costs under a printed action (B: $5, a wild $4 more; elsewhere as printed). */
export function hirePrice(spec: ActionSpec | null, worker: WorkerType): number {
  if (spec?.t === "HIRE" && spec.mode === "FIXED") return worker === "WLD" ? spec.wild : spec.specific;
  return HIRE_ONE_PRICE + (worker === "WLD" ? WILD_SURCHARGE : 0);
}

/** A fitting label for an option, as written on a button or a choice. */
export function optionLabel(prompt: Prompt<Option>, option: Option, view: ElPasoView, names: readonly string[]): string {
  const o = option as O;
  const spec = specOf(o, view);
  switch (o.type) {
    case "pickObjective":
      return m.elpaso_option_pick_objective({ tile: String(o.tile), text: tileText(String(o.tile)) });
    case "move": {
      const cowboys = Number((ctx(prompt, "cowboys") as Record<string, number> | undefined)?.[String(o.to)] ?? 0);
      const place = nodeName(o.to, view, names);
      return cowboys ? m.elpaso_option_move_cowboys({ place, cowboys: workerCount("COW", cowboys) }) : m.elpaso_option_move({ place });
    }
    case "act":
      return spec ? actionText(spec) : m.elpaso_option_use_action();
    case "actBreed":
      if (spec?.t === "REMOVE_CATTLE") return m.elpaso_option_remove_breed({ card: aBreed(o.breed) });
      if (spec?.t === "DISCARD_CATTLE")
        return spec.gain === "2xBV" ? m.elpaso_option_discard_breed_twice({ card: aBreed(o.breed) }) : m.elpaso_option_discard_breed({ card: aBreed(o.breed), gain: spec.gain });
      return m.elpaso_option_use_breed({ card: aBreed(o.breed) });
    case "hire":
      return capitalize(m.elpaso_option_hire({ worker: aWorker(o.worker), price: dollars(hirePrice(spec, o.worker as WorkerType)) }));
    case "hireSecond": {
      const price = HIRE_TWO_PRICE - HIRE_ONE_PRICE + (o.worker === "WLD" ? WILD_SURCHARGE : 0);
      return m.elpaso_option_hire_second({ worker: workerWords(o.worker).name, price });
    }
    case "buy": {
      const k = MARKET_COWBOYS[o.breed as MarketBreed] ?? 0;
      return capitalize(m.elpaso_option_buy({ card: aBreed(o.breed), workers: wildText(Number(o.wild), "COW", k), money: k * DOLLARS_PER_WORKER }));
    }
    case "train": {
      const card = Number(o.card);
      return m.elpaso_option_train({ card, workers: wildText(Number(o.wild), "ENG", card), money: card * DOLLARS_PER_WORKER });
    }
    case "build": {
      const type = Number(o.building);
      const here = view.board[o.node as NodeId];
      if (here?.kind === "building") {
        const k = type - here.type;
        return m.elpaso_option_upgrade({ from: here.type, to: type, workers: wildText(Number(o.wild), "BLD", k), money: k * DOLLARS_PER_WORKER });
      }
      const space = SPACE_COST[o.node as NodeId] ?? 0;
      const facts = { type, place: nodeName(o.node, view, names), workers: wildText(Number(o.wild), "BLD", type), money: type * DOLLARS_PER_WORKER + space };
      return space ? m.elpaso_option_build_space({ ...facts, space }) : m.elpaso_option_build(facts);
    }
    case "tile": {
      const pick = String(o.pick);
      const cost = spec?.t === "GAIN_TILE" && spec.cost > 0 ? spec.cost : 0;
      if (pick === OBJ_PILE) return cost ? m.elpaso_option_draw_objective_paid({ cost }) : m.elpaso_option_draw_objective();
      if (pick === BON_PILE) return cost ? m.elpaso_option_draw_bonus_paid({ cost }) : m.elpaso_option_draw_bonus();
      const facts = { kind: tileKind(pick), tile: pick, text: tileText(pick) };
      return capitalize(cost ? m.elpaso_option_take_tile_paid({ ...facts, cost }) : m.elpaso_option_take_tile(facts));
    }
    case "aux":
      return m.elpaso_option_aux({ aux: Number(o.aux), text: auxText(Number(o.aux), (d) => !view.players[prompt.seat]?.discs.includes(d)) });
    case "auxTrash":
      return m.elpaso_option_aux_trash({ card: aBreed(o.breed) });
    case "auxExchange":
      return m.elpaso_option_aux_exchange();
    case "done":
      return prompt.kind === "hireSecond"
        ? m.elpaso_option_no_second_worker()
        : prompt.kind === "exchangeAgain"
          ? m.elpaso_option_no_second_exchange()
          : prompt.kind === "aux"
            ? m.elpaso_option_no_more_aux()
            : m.elpaso_option_done();
    case "bonus": {
      const w = o.worker as WorkerType;
      return m.elpaso_option_bonus({ worker: capitalize(workerWords(w).name), gain: bonusGain(w) });
    }
    case "exchange":
      return m.elpaso_option_exchange({ count: view.players[prompt.seat]?.tokens ?? 0 });
    case "discard":
      return capitalize(m.elpaso_option_discard({ card: aBreed(o.breed) }));
    case "deliver": {
      const spend = Number(o.spend);
      const disc = o.disc as DiscId;
      const money = discMoney(disc);
      const frees = [DISC_SHORT[disc], money].filter(Boolean).join(", ");
      return m.elpaso_option_deliver({
        post: postName(o.post),
        disc: String(o.disc).slice(1),
        frees: frees ? ` (${frees})` : "",
        spend: spend ? m.elpaso_option_deliver_spend({ certificates: certificates(spend) }) : "",
      });
    }
    case "noDelivery":
      return m.elpaso_option_no_delivery();
    default: {
      const { type, ...rest } = o;
      const args = Object.values(rest).map((v) => (typeof v === "string" || typeof v === "number" ? String(v) : JSON.stringify(v)));
      return [type, ...args].join(" ");
    }
  }
}
