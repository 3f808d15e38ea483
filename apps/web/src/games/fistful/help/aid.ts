/**
 * Fistful's player aid, generated from the rules package's data (data.ts): every number the aid
 * shows comes from there, so a corrected value changes the aid too. Names and effects of the
 * meeples and costs come from words.ts, the board's own wording.
 */
import {
  BAG_START,
  BAR_POINTS,
  BAR_PRICES,
  BUILDINGS,
  type BuildingId,
  type Cost,
  DYNAMITE,
  GRAVES,
  MEEPLE_SUPPLY,
  MEEPLE_TYPES,
  MINER_DRAW,
  type MeepleType,
  SHOWDOWN_REWARD,
  SIGN_COST,
  SIGNS_PER_PLAYER,
} from "@saloon/fistful";
import { language } from "../../../lib/i18n.ts";
import { m } from "../../../paraglide/messages.js";
import { costText, meepleDoes, meepleName } from "../words.ts";

export interface MeepleRow {
  type: MeepleType;
  name: string;
  inBox: number;
  does: string;
  /** What the showdown's winner draws when this meeple loses; null for the madame, who never fights. */
  showdownReward: number | null;
}

/** The meeples in shooting order (deputy first; the madame, who never fights, leads the list). */
export function meepleRows(): MeepleRow[] {
  return MEEPLE_TYPES.map((type) => ({
    type,
    name: capitalise(meepleName(type)),
    inBox: MEEPLE_SUPPLY[type],
    does: meepleDoes(type),
    showdownReward: type === "madame" ? null : SHOWDOWN_REWARD[type],
  }));
}

export interface CostRow {
  buildings: BuildingId[];
  cost: Cost;
  text: string;
}

/** Buildings grouped by their sign's cost, in board order of each group's first building. */
export function costRows(): CostRow[] {
  const rows: CostRow[] = [];
  for (const building of BUILDINGS) {
    const cost = SIGN_COST[building];
    const row = rows.find((r) => r.cost.gold === cost.gold && r.cost.stone === cost.stone);
    if (row) row.buildings.push(building);
    else rows.push({ buildings: [building], cost, text: costText(cost) });
  }
  return rows;
}

/** The facts about the bank, the bag and the end, as sentences in the reader's language. */
export function factLines(): string[] {
  return [
    m.fistful_help_aid_bars({ prices: list(BAR_PRICES), points: BAR_POINTS }),
    m.fistful_help_aid_miner({ five: MINER_DRAW[5], ten: MINER_DRAW[10] }),
    m.fistful_help_aid_start({ gold: BAG_START.gold, stone: BAG_START.stone, dynamite: DYNAMITE, signs: SIGNS_PER_PLAYER }),
    m.fistful_help_aid_end({ graves: GRAVES, dynamite: DYNAMITE }),
    m.fistful_help_aid_points({ bar: BAR_POINTS }),
  ];
}

/** "6, 6, 7, 7, 8 and 8" in the reader's language. */
export function list(values: readonly (number | string)[]): string {
  return new Intl.ListFormat(language(), { type: "conjunction" }).format(values.map(String));
}

const capitalise = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);
