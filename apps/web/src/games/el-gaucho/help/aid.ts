/**
 * El Gaucho's player aid, generated from the rules package's data (data.ts): die values, small
 * numbers, sale bonus, counts by player count. Names and effects of the areas come from words.ts,
 * the board's own wording.
 */
import {
  AREA_VALUES,
  AREAS,
  type Area,
  DICE,
  GAUCHOS,
  HAND_SIZE,
  INSTANT_SALE_BONUS,
  INSTANT_SALE_MIN,
  KEEP_LIMITS,
  PASTURE_SUM,
  VALUES_PER_BREED,
  pastureSizes,
  smallNumber,
} from "@saloon/el-gaucho";
import { language } from "../../../lib/i18n.ts";
import { m } from "../../../paraglide/messages.js";
import { areaDoes, areaShort } from "../words.ts";

export interface AreaRow {
  area: Area;
  name: string;
  dice: readonly number[];
  diceText: string;
  does: string;
}

export function areaRows(): AreaRow[] {
  return AREAS.map((area) => ({ area, name: areaShort(area), dice: AREA_VALUES[area], diceText: anyOf(AREA_VALUES[area]), does: areaDoes(area) }));
}

/** Large number → small number, for every value a tile can have. */
export function smallNumbers(): { large: number; small: number }[] {
  return Array.from({ length: VALUES_PER_BREED }, (_, i) => ({ large: i + 1, small: smallNumber(i + 1) }));
}

export interface PlayerCountRow {
  players: number;
  dice: number;
  gauchos: number;
  hand: number;
  /** Fields of each pasture, smallest first. */
  pastures: number[];
}

export function playerCountRows(): PlayerCountRow[] {
  return Object.keys(DICE)
    .map(Number)
    .map((players) => ({ players, dice: DICE[players]!, gauchos: GAUCHOS[players]!, hand: HAND_SIZE[players]!, pastures: pastureSizes(players) }));
}

/** A herd's price: its tiles times its highest value ("4 × 9 = 36"). */
export function saleExample(herd: readonly number[]): string {
  const top = Math.max(...herd);
  return `${herd.length} × ${top} = ${herd.length * top}`;
}

/** The sentences under the tables, in the reader's language. */
export function ruleLines(): string[] {
  const keep = KEEP_LIMITS.map(({ count, max }) => (max >= VALUES_PER_BREED ? m.gaucho_help_aid_keep_one({ count }) : m.gaucho_help_aid_keep_many({ count, max })));
  return [
    m.gaucho_help_aid_sale({ example: saleExample([3, 5, 6, 9]) }),
    m.gaucho_help_aid_instant({ min: INSTANT_SALE_MIN, bonus: INSTANT_SALE_BONUS }),
    m.gaucho_help_aid_pasture({ sum: PASTURE_SUM }),
    m.gaucho_help_aid_keep({ options: new Intl.ListFormat(language(), { type: "disjunction" }).format(keep) }),
  ];
}

/** "1, 2, or 3" in the reader's language. */
export function anyOf(values: readonly number[]): string {
  return new Intl.ListFormat(language(), { type: "disjunction" }).format(values.map(String));
}
