/**
 * Names and looks of Fistful's pieces and places, shared by the log, the prompts and the board.
 * The words are messages (messages/{en,de}.json, the German edition's terms: Wirtin,
 * Hilfssheriff, Räuber, Goldgräber, Handwerker); each noun phrase has its own message per
 * grammatical case a sentence needs, so a German sentence never glues an English-shaped phrase.
 */
import type { MeepleType, SpaceId } from "@saloon/fistful";
import { m } from "../../paraglide/messages.js";
import { joinWith } from "../grammar.ts";

export interface MeepleStyle {
  fill: string;
  ink: string;
}

export const MEEPLE_STYLE: Record<MeepleType, MeepleStyle> = {
  madame: { fill: "#7a4aa3", ink: "#ffffff" },
  deputy: { fill: "#2d66b0", ink: "#ffffff" },
  robber: { fill: "#b5382c", ink: "#ffffff" },
  miner: { fill: "#e3b62f", ink: "#2a1c05" },
  builder: { fill: "#9a958c", ink: "#1b1a17" },
};

/** "deputy" / "Hilfssheriff": the bare name, for labels. */
export const meepleName = (type: MeepleType): string => m.fistful_meeple_name({ type });
/** Short initials drawn on the meeple: colours never carry the type alone. */
export const meepleLetter = (type: MeepleType): string => m.fistful_meeple_letter({ type });
/** What this meeple does when resolved, for tooltips. */
export const meepleDoes = (type: MeepleType): string => m.fistful_meeple_does({ type });

/** "1 miner", "3 builders" / "1 Goldgräber", "3 Handwerker". */
export function meepleCount(type: MeepleType, n: number): string {
  return m.fistful_meeple_count({ type, count: n });
}

/** "a deputy", "the madame" — one meeple as the object of a sentence ("einen Hilfssheriff"). */
export function aMeeple(type: MeepleType): string {
  return m.fistful_meeple_a({ type });
}

/** "2 builders, 1 miner and the madame". */
export function listMeeples(counts: Partial<Record<MeepleType, number>>): string {
  const parts = (Object.keys(MEEPLE_STYLE) as MeepleType[])
    .filter((type) => (counts[type] ?? 0) > 0)
    .map((type) => (type === "madame" && counts[type] === 1 ? m.fistful_meeple_a({ type }) : meepleCount(type, counts[type]!)));
  return joinAnd(parts) || m.fistful_no_meeples();
}

/** How many meeples a count holds, for a sentence's verb ("kommt" / "kommen"). */
export function totalMeeples(counts: Partial<Record<MeepleType, number>>): number {
  return Object.values(counts).reduce<number>((sum, n) => sum + (n ?? 0), 0);
}

export function joinAnd(parts: string[]): string {
  return joinWith(parts, m.fistful_and);
}

/** "the door of T3", "the left showdown space", as a sentence's object (accusative in German). */
export function spaceName(space: SpaceId | string): string {
  return m.fistful_space_acc({ space });
}

/** The same after "on"/"auf" of a place where something is (dative in German). */
export function spaceNameAt(space: SpaceId | string): string {
  return m.fistful_space_dat({ space });
}

/** "T3", "the Saloon", "the Jail". */
export function locationName(location: string): string {
  return m.fistful_location({ location });
}

/** "2 gold + 1 stone", "3 stone". */
export function costText(cost: { gold?: number; stone?: number }): string {
  const parts: string[] = [];
  if (cost.gold) parts.push(m.fistful_gold({ count: cost.gold }));
  if (cost.stone) parts.push(m.fistful_stone({ count: cost.stone }));
  return parts.join(" + ") || m.fistful_nothing();
}

export function cubes(gold: number, stone: number): string {
  const parts: string[] = [];
  if (gold) parts.push(m.fistful_gold({ count: gold }));
  if (stone) parts.push(m.fistful_stone({ count: stone }));
  return joinAnd(parts) || m.fistful_nothing();
}
