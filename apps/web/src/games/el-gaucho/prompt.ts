/** The questions El Gaucho asks, in plain words; where each option lives on the board; button labels. */
import { AREAS, type GauchoView, INSTANT_SALE_BONUS, type Tile, smallNumber } from "@saloon/el-gaucho";
import type { Prompt } from "@saloon/engine";
import { seatName } from "../../lib/seats.ts";
import type { Option } from "../types.ts";
import { areaInfo, diceText, fieldName, joinAnd, pesos, tileList, tileName } from "./words.ts";

type Field = { row: number; field: number };

/** Keys of the board places an option lives at (a steppe pair lives at both its tiles). */
export function placesOf(option: Option, seat: number): string[] {
  const o = option as Record<string, unknown> & Option;
  switch (o.type) {
    case "pick":
      return [...new Set(o.dice as number[])].map((d) => `die:${d}`);
    case "stand":
    case "lay":
    case "raise":
    case "overseerReplace":
    case "steppePlace":
    case "retrieve":
      return [`field:${Number(o.row)},${Number(o.field)}`];
    case "overseerRaise": {
      const fields = o.fields as Field[];
      return fields.length === 1 ? [`field:${fields[0]!.row},${fields[0]!.field}`] : ["area:overseer"];
    }
    case "occupy":
    case "prePlace":
    case "recall":
      return [`area:${String(o.area)}`];
    case "wish":
      return ["area:wish"];
    case "steppe":
      return ["area:steppe"];
    case "instantSale":
      return [`herd:${seat}:${String(o.breed)}`];
    case "steal":
      return [`tile:${Number(o.victim)}:${String(o.breed)}:${Number(o.value)}`];
    case "steppeChoose":
      return (o.tiles as Tile[]).map((t) => `steppe:${t.breed}:${t.value}`);
    case "homeLay":
    case "sortIn":
      return [`arriving:${String(o.breed)}:${Number(o.value)}`];
    case "keep":
      return ["hand"];
    default:
      return [];
  }
}

/** Options grouped by the place they live at. */
export function optionsByPlace(prompt: Prompt<Option> | null): Map<string, Option[]> {
  const places = new Map<string, Option[]>();
  for (const option of prompt?.options ?? []) {
    for (const key of placesOf(option, prompt!.seat)) {
      const list = places.get(key) ?? [];
      list.push(option);
      places.set(key, list);
    }
  }
  return places;
}

export function onBoard(prompt: Prompt<Option>, option: Option): boolean {
  return placesOf(option, prompt.seat).length > 0;
}

const ctx = (prompt: Prompt<Option>, key: string): unknown => prompt.context?.[key];

export function describePrompt(prompt: Prompt<Option>, view: GauchoView, _names: readonly string[]): string {
  switch (prompt.kind) {
    case "keep":
      return "Pre-round: choose the tiles you keep from your hand (1 of any value, 2 each ≤ 8 or 3 each ≤ 4). Everyone reveals together.";
    case "prePlace":
      return "Pre-round: put one gaucho on a glowing action area, without dice.";
    case "steppeChoose":
      return "You look at the steppe: take 1 tile, or 2 tiles each worth 4 or less.";
    case "steppePlace": {
      const n = view.turn.steppeChosen?.length ?? 0;
      return `Put ${n === 1 ? "the steppe tile" : "the next steppe tile"} on a glowing free field, with a standing gaucho.`;
    }
    case "home":
      return `${ctx(prompt, "final") ? "Final drive: your" : "Your"} cattle come home. Click an arriving tile to lay it (in the order you like).`;
    case "turn": {
      if (view.round.dieless) return "Last round, no dice: use your action areas, then end your turn.";
      if (view.turn.dice === null) return "Take two dice from the rodeo (click a glowing die, then choose its partner), or use an action area first.";
      const dice = view.turn.dice;
      const left = dice.length || view.turn.wish ? `You have ${diceText(dice, view.turn.wish > 0)} left` : "Your dice are used";
      return `${left}: click a glowing tile or action area, or end your turn.`;
    }
    default:
      return `Decide: ${prompt.kind}.`;
  }
}

const WAITING: Record<string, string> = {
  keep: "choosing tiles to keep",
  prePlace: "placing a gaucho",
  turn: "playing a turn",
  steppeChoose: "looking at the steppe",
  steppePlace: "driving steppe cattle onto the pampa",
  home: "laying cattle that came home",
};

export function describeWaiting(kind: string, _view: GauchoView): string {
  return WAITING[kind] ?? "thinking";
}

/** A fitting label for an option, as written on a button or a choice. */
export function optionLabel(prompt: Prompt<Option>, option: Option, view: GauchoView, names: readonly string[]): string {
  const o = option as Record<string, unknown> & Option;
  const field = (): Tile | null => view.pampa[Number(o.row)]?.[Number(o.field)]?.tile ?? null;
  switch (o.type) {
    case "endTurn":
      return "End turn";
    case "pick":
      return `Take ${(o.dice as number[]).join(" + ")}`;
    case "stand": {
      const t = field();
      return `Stand on ${t ? tileName(t) : "it"} (${t?.value ?? "?"}) with ${diceText(o.dice, o.wish)}`;
    }
    case "lay": {
      const t = field();
      return `Lie down on ${t ? tileName(t) : "it"} (small ${t ? smallNumber(t.value) : "?"}) with ${diceText(o.dice, o.wish)}`;
    }
    case "raise":
      return `Stand up your gaucho with ${diceText(o.dice, o.wish)}`;
    case "occupy":
      return `Occupy ${areaInfo(o.area).short} with ${diceText(o.dice, o.wish)}`;
    case "prePlace":
      return `Put a gaucho on ${areaInfo(o.area).short}`;
    case "recall":
      return `Take back from ${areaInfo(o.area).short} (no effect)`;
    case "wish":
      return "Rodeo hero: take a wish die";
    case "steppe":
      return "Steppe: look at it secretly";
    case "instantSale": {
      const herd = view.players[prompt.seat]?.herds[o.breed as keyof GauchoView["players"][number]["herds"]] ?? [];
      const price = herd.length * Math.max(0, ...herd.map((t) => t.value));
      return `Sell the ${String(o.breed)} herd now: ${pesos(price + INSTANT_SALE_BONUS)}`;
    }
    case "steal":
      return `Steal ${String(o.breed)} ${Number(o.value)} from ${seatName(names, Number(o.victim))}`;
    case "overseerRaise":
      return `Overseer: stand up ${joinAnd((o.fields as Field[]).map((f) => fieldName(f.row, f.field)))}`;
    case "overseerReplace":
      return `Overseer: replace ${seatName(names, view.pampa[Number(o.row)]?.[Number(o.field)]?.gaucho?.seat ?? null)}'s lying gaucho`;
    case "steppeChoose":
      return `Take ${tileList(o.tiles)}`;
    case "steppePlace":
      return `Put ${view.turn.steppeChosen?.[0] ? tileName(view.turn.steppeChosen[0]) : "the tile"} on ${fieldName(o.row, o.field)}`;
    case "retrieve":
      return "Take back your lying gaucho";
    case "homeLay":
      return `Lay ${String(o.breed)} ${Number(o.value)} at the end of the herd`;
    case "sortIn":
      return `Stable: sort ${String(o.breed)} ${Number(o.value)} in at place ${Number(o.position) + 1}`;
    case "keep":
      return `Keep ${tileList(o.tiles)}`;
    default:
      return o.type;
  }
}

export const AREA_ORDER = AREAS;
