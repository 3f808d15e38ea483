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
import {
  DISC_SHORT,
  bonusGain,
  actionText,
  auxText,
  breedName,
  discMoney,
  dollars,
  neutralLetter,
  plural,
  postName,
  tileKind,
  tileText,
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
  if (source in NEUTRAL_ACTIONS) return `Building ${neutralLetter(source)}`;
  if (/^CB\d[ab]$/.test(source)) {
    // A building's actions are used where the active herder stands.
    const herder = view?.players[view.active]?.herder;
    const tile = view && herder && herder !== "SIMM" ? view.board[herder] : undefined;
    return `${tile?.kind === "building" ? `${seatName(names, tile.owner)}'s ` : ""}building ${source.slice(2, 3)}`;
  }
  if (/^TR\d[FS]$/.test(source)) return `train card ${source.slice(2, 3)}`;
  if (source in POST_DATA) return `${postName(source)}'s reward`;
  return `bonus tile ${source}`;
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
  if (node === EL_PASO) return "El Paso";
  const tile = view.board[node as NodeId];
  if (tile?.kind === "neutral") return `Building ${neutralLetter(tile.id)}`;
  if (tile?.kind === "building" && !asSpace) return `${seatName(names, tile.owner)}'s building ${tile.type}`;
  if (typeof node !== "string" || !(node in SPACE_COST)) return "a space";
  let before = PREDECESSOR[node];
  for (let k = 0; k < 8 && before && before !== EL_PASO && !view.board[before as NodeId]; k++) before = PREDECESSOR[before];
  const after = before ? ` after ${before === EL_PASO ? "El Paso" : nodeName(before, view, names, true)}` : "";
  return `the $${SPACE_COST[node as NodeId]} space${after}`;
}

// ---------------------------------------------------------------- sentences

const ctx = (prompt: Prompt<Option>, key: string): unknown => prompt.context?.[key];

export function describePrompt(prompt: Prompt<Option>, view: ElPasoView, names: readonly string[]): string {
  const me = view.players[prompt.seat];
  switch (prompt.kind) {
    case "pickObjective":
      return "Pick a starting objective tile from the display: it scores at the end if you meet it.";
    case "move":
      if (ctx(prompt, "first")) return "Put your herder on a starting building (B–G): click a glowing building.";
      return `Move your herder: click a glowing location (up to ${plural(Number(ctx(prompt, "max")) || 0, "step")}; more steps cost cowboys).`;
    case "actions": {
      const source = String(ctx(prompt, "source") ?? "");
      const frame = actionFrame(view);
      if (frame?.location === "auxOnly") return `You are on ${sourceName(source, view, names)}, not yours: you may take one auxiliary action, or go on.`;
      const instead = frame?.location === "full" ? " (or one auxiliary action instead)" : "";
      return `${capital(sourceName(source, view, names))}: use its actions in any order${instead}, then Done.`;
    }
    case "aux":
      return `Auxiliary actions: choose ${Number(ctx(prompt, "remaining")) === 1 ? "one more" : `up to ${Number(ctx(prompt, "remaining"))} different ones`}, or Done.`;
    case "hireSecond":
      return `You may hire a second worker of another type for $${HIRE_TWO_PRICE - HIRE_ONE_PRICE} (a wild worker $${WILD_SURCHARGE} more).`;
    case "exchangeDiscard":
      return "Exchange: discard one card from your hand.";
    case "exchangeAgain":
      return "You may exchange a second card.";
    case "deliver": {
      const value = Number(ctx(prompt, "breedingValue")) || 0;
      return prompt.options.some((o) => o.type === "deliver")
        ? `Delivery: your breeding value is ${value}${me && me.certs > 0 ? ` (+ up to ${plural(me.certs, "certificate")})` : ""}. Choose a glowing trading post, then the disc to place.`
        : `Delivery: your breeding value is ${value}, but no disc can be placed now.`;
    }
    default:
      return `Your decision (${prompt.kind}).`;
  }
}

const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

const WAITING: Record<string, string> = {
  pickObjective: "picking an objective tile",
  move: "moving the herder",
  actions: "taking actions",
  aux: "taking auxiliary actions",
  hireSecond: "hiring workers",
  exchangeDiscard: "exchanging a card",
  exchangeAgain: "exchanging cards",
  deliver: "delivering cattle in El Paso",
};

export function describeWaiting(kind: string, view: ElPasoView): string {
  // Sue's turn goes step by step at the room's bot pace: say which card she is playing.
  if (kind === "sue") return view.sue?.card ? `playing bot card ${view.sue.card}` : "drawing her bot card";
  return WAITING[kind] ?? "thinking";
}

function wildText(wild: number, type: WorkerType, k: number): string {
  const own = k - wild;
  const parts = [];
  if (own > 0) parts.push(plural(own, workerWords(type).name, workerWords(type).plural));
  if (wild > 0) parts.push(plural(wild, "wild worker"));
  return parts.join(" + ") || "no workers";
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
      return `Take objective ${String(o.tile)}: ${tileText(String(o.tile))}`;
    case "move": {
      const cowboys = Number((ctx(prompt, "cowboys") as Record<string, number> | undefined)?.[String(o.to)] ?? 0);
      return `Move to ${nodeName(o.to, view, names)}${cowboys ? ` (${plural(cowboys, "cowboy")} extra)` : ""}`;
    }
    case "act":
      return spec ? actionText(spec) : "Use this action";
    case "actBreed":
      if (spec?.t === "REMOVE_CATTLE") return `Remove a ${breedName(o.breed)} from your hand`;
      if (spec?.t === "DISCARD_CATTLE") return `Discard a ${breedName(o.breed)}: +${spec.gain === "2xBV" ? "2×BV" : `$${spec.gain}`}`;
      return `Use a ${breedName(o.breed)}`;
    case "hire": {
      const w = workerWords(o.worker);
      return `Hire ${w.name === "engineer" ? "an" : "a"} ${w.name} for ${dollars(hirePrice(spec, o.worker as WorkerType))}`;
    }
    case "hireSecond": {
      const price = HIRE_TWO_PRICE - HIRE_ONE_PRICE + (o.worker === "WLD" ? WILD_SURCHARGE : 0);
      return `Hire a second worker: ${workerWords(o.worker).name} for $${price}`;
    }
    case "buy": {
      const k = MARKET_COWBOYS[o.breed as MarketBreed] ?? 0;
      return `Buy a ${breedName(o.breed)}: ${wildText(Number(o.wild), "COW", k)} and $${k * DOLLARS_PER_WORKER}`;
    }
    case "train": {
      const card = Number(o.card);
      return `Use train card ${card}: ${wildText(Number(o.wild), "ENG", card)} and $${card * DOLLARS_PER_WORKER}`;
    }
    case "build": {
      const type = Number(o.building);
      const here = view.board[o.node as NodeId];
      if (here?.kind === "building") {
        const k = type - here.type;
        return `Upgrade building ${here.type} to ${type}: ${wildText(Number(o.wild), "BLD", k)} and $${k * DOLLARS_PER_WORKER}`;
      }
      const space = SPACE_COST[o.node as NodeId] ?? 0;
      return `Build ${type} on ${nodeName(o.node, view, names)}: ${wildText(Number(o.wild), "BLD", type)} and $${type * DOLLARS_PER_WORKER + space}${space ? ` (space $${space})` : ""}`;
    }
    case "tile": {
      const pick = String(o.pick);
      const cost = spec?.t === "GAIN_TILE" && spec.cost > 0 ? ` for $${spec.cost}` : "";
      if (pick === OBJ_PILE) return `Draw the top objective tile${cost}`;
      if (pick === BON_PILE) return `Draw the top bonus tile${cost}`;
      return `Take ${tileKind(pick)} ${pick}${cost}: ${tileText(pick)}`;
    }
    case "aux":
      return `Auxiliary action ${Number(o.aux)}: ${auxText(Number(o.aux), (d) => !view.players[prompt.seat]?.discs.includes(d))}`;
    case "auxTrash":
      return `Auxiliary action 4: remove a ${breedName(o.breed)} from your hand`;
    case "auxExchange":
      return "Exchange a second card";
    case "done":
      return prompt.kind === "hireSecond" ? "No second worker" : prompt.kind === "exchangeAgain" ? "No second exchange" : prompt.kind === "aux" ? "No more auxiliary actions" : "Done";
    case "bonus": {
      const w = o.worker as WorkerType;
      const name = workerWords(w).name;
      return `${name.charAt(0).toUpperCase()}${name.slice(1)} bonus: ${bonusGain(w)}`;
    }
    case "exchange": {
      const tokens = view.players[prompt.seat]?.tokens ?? 0;
      return `Use an exchange token (${tokens} left)`;
    }
    case "discard":
      return `Discard a ${breedName(o.breed)}`;
    case "deliver": {
      const spend = Number(o.spend);
      const disc = o.disc as DiscId;
      const money = discMoney(disc);
      const frees = [DISC_SHORT[disc], money].filter(Boolean).join(", ");
      return `Deliver to ${postName(o.post)} with disc ${String(o.disc).slice(1)}${frees ? ` (${frees})` : ""}${spend ? `, spending ${plural(spend, "certificate")}` : ""}`;
    }
    case "noDelivery":
      return "Go on without placing a disc";
    default: {
      const { type, ...rest } = o;
      const args = Object.values(rest).map((v) => (typeof v === "string" || typeof v === "number" ? String(v) : JSON.stringify(v)));
      return [type, ...args].join(" ");
    }
  }
}
