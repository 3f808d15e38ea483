/** The questions El Gaucho asks, in plain words; where each option lives on the board; button labels. */
import { AREAS, type GauchoView, INSTANT_SALE_BONUS, type Tile, smallNumber } from "@saloon/el-gaucho";
import type { Prompt } from "@saloon/engine";
import { seatName } from "../../lib/seats.ts";
import type { Option } from "../types.ts";
import { m } from "../../paraglide/messages.js";
import { capitalize, possessive } from "../grammar.ts";
import { areaFrom, areaOnto, areaShort, diceText, fieldName, herdName, joinAnd, pesos, tileList, tileName } from "./words.ts";

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
      return m.gaucho_prompt_keep();
    case "prePlace":
      return m.gaucho_prompt_pre_place();
    case "steppeChoose":
      return m.gaucho_prompt_steppe_choose();
    case "steppePlace":
      return (view.turn.steppeChosen?.length ?? 0) === 1 ? m.gaucho_prompt_steppe_place() : m.gaucho_prompt_steppe_place_next();
    case "home":
      return ctx(prompt, "final") ? m.gaucho_prompt_home_final() : m.gaucho_prompt_home();
    case "turn": {
      if (view.round.dieless) return m.gaucho_prompt_dieless();
      if (view.turn.dice === null) return m.gaucho_prompt_take_dice();
      const dice = view.turn.dice;
      return dice.length || view.turn.wish ? m.gaucho_prompt_dice_left({ dice: diceText(dice, view.turn.wish > 0, "have") }) : m.gaucho_prompt_dice_used();
    }
    default:
      return m.gaucho_prompt_other({ kind: prompt.kind });
  }
}

/** What another seat is busy deciding: "Bob is playing a turn" / "Bob ist dran: den Zug spielen" (the table's table_is_doing). */
export function describeWaiting(kind: string, _view: GauchoView): string {
  return m.gaucho_waiting({ kind });
}

/** A fitting label for an option, as written on a button or a choice. */
export function optionLabel(prompt: Prompt<Option>, option: Option, view: GauchoView, names: readonly string[]): string {
  const o = option as Record<string, unknown> & Option;
  const field = (): Tile | null => view.pampa[Number(o.row)]?.[Number(o.field)]?.tile ?? null;
  const dice = () => diceText(o.dice, o.wish);
  switch (o.type) {
    case "endTurn":
      return m.gaucho_option_end_turn();
    case "pick":
      return m.gaucho_option_pick({ dice: (o.dice as number[]).join(" + ") });
    case "stand": {
      const t = field();
      return m.gaucho_option_stand({ tile: tileName(t), value: t?.value ?? 0, dice: dice() });
    }
    case "lay": {
      const t = field();
      return m.gaucho_option_lay({ tile: tileName(t), small: t ? smallNumber(t.value) : 0, dice: dice() });
    }
    case "raise":
      return m.gaucho_option_raise({ dice: dice() });
    case "occupy":
      return m.gaucho_option_occupy({ area: areaShort(o.area), dice: dice() });
    case "prePlace":
      return m.gaucho_option_pre_place({ area: areaOnto(o.area) });
    case "recall":
      return m.gaucho_option_recall({ area: areaFrom(o.area) });
    case "wish":
      return m.gaucho_option_wish();
    case "steppe":
      return m.gaucho_option_steppe();
    case "instantSale": {
      const herd = view.players[prompt.seat]?.herds[o.breed as keyof GauchoView["players"][number]["herds"]] ?? [];
      const price = herd.length * Math.max(0, ...herd.map((t) => t.value));
      return capitalize(m.gaucho_option_instant_sale({ herd: herdName(o.breed), pesos: pesos(price + INSTANT_SALE_BONUS) }));
    }
    case "steal":
      return m.gaucho_option_steal({ tile: tileName({ breed: o.breed, value: Number(o.value) }), player: seatName(names, Number(o.victim)) });
    case "overseerRaise":
      return m.gaucho_option_overseer_raise({ fields: joinAnd((o.fields as Field[]).map((f) => fieldName(f.row, f.field))) });
    case "overseerReplace":
      return m.gaucho_option_overseer_replace({ owner: possessive(seatName(names, view.pampa[Number(o.row)]?.[Number(o.field)]?.gaucho?.seat ?? null)) });
    case "steppeChoose":
      return m.gaucho_option_steppe_choose({ tiles: tileList(o.tiles) });
    case "steppePlace": {
      const chosen = view.turn.steppeChosen?.[0];
      return capitalize(m.gaucho_option_steppe_place({ tile: chosen ? tileName(chosen) : m.gaucho_option_the_tile(), field: fieldName(o.row, o.field) }));
    }
    case "retrieve":
      return m.gaucho_option_retrieve();
    case "homeLay":
      return m.gaucho_option_home_lay({ tile: tileName({ breed: o.breed, value: Number(o.value) }) });
    case "sortIn":
      return m.gaucho_option_sort_in({ tile: tileName({ breed: o.breed, value: Number(o.value) }), place: Number(o.position) + 1 });
    case "keep":
      return m.gaucho_option_keep({ tiles: tileList(o.tiles) });
    default:
      return o.type;
  }
}

export const AREA_ORDER = AREAS;
