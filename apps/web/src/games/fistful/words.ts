/** Names and looks of Fistful's pieces and places, shared by the log, the prompts and the board. */
import type { MeepleType, SpaceId } from "@saloon/fistful";

export interface MeepleStyle {
  /** Singular and plural names, as the log and tooltips write them. */
  one: string;
  many: string;
  /** Short initials drawn on the meeple: colours never carry the type alone. */
  letter: string;
  fill: string;
  ink: string;
  /** What this meeple does when resolved, for tooltips. */
  does: string;
}

export const MEEPLE_STYLE: Record<MeepleType, MeepleStyle> = {
  madame: {
    one: "madame",
    many: "madames",
    letter: "Ma",
    fill: "#7a4aa3",
    ink: "#ffffff",
    does: "Draw 1 per builder inside, then send those builders to the Saloon. Never fights.",
  },
  deputy: {
    one: "deputy",
    many: "deputies",
    letter: "D",
    fill: "#2d66b0",
    ink: "#ffffff",
    does: "Draw 2 per robber inside, then send those robbers to the Jail. Strongest in a showdown.",
  },
  robber: {
    one: "robber",
    many: "robbers",
    letter: "R",
    fill: "#b5382c",
    ink: "#ffffff",
    does: "Draw 2 per miner inside.",
  },
  miner: {
    one: "miner",
    many: "miners",
    letter: "M",
    fill: "#e3b62f",
    ink: "#2a1c05",
    does: "The sign's owner draws 2 (5-point sign) or 4 (10-point sign).",
  },
  builder: {
    one: "builder",
    many: "builders",
    letter: "B",
    fill: "#9a958c",
    ink: "#1b1a17",
    does: "Build a sign here, or let the owner upgrade a 5-point sign, by paying the building's cost.",
  },
};

/** "1 miner", "3 builders". */
export function meepleCount(type: MeepleType, n: number): string {
  const style = MEEPLE_STYLE[type];
  return `${n} ${n === 1 ? style.one : style.many}`;
}

/** "a deputy", "the madame" — one meeple of a type in a sentence. */
export function aMeeple(type: MeepleType): string {
  return type === "madame" ? "the madame" : `a ${MEEPLE_STYLE[type].one}`;
}

/** "2 builders, 1 miner and the madame". */
export function listMeeples(counts: Partial<Record<MeepleType, number>>): string {
  const parts = (Object.keys(MEEPLE_STYLE) as MeepleType[])
    .filter((type) => (counts[type] ?? 0) > 0)
    .map((type) => (type === "madame" && counts[type] === 1 ? "the madame" : meepleCount(type, counts[type]!)));
  return joinAnd(parts) || "no meeples";
}

export function joinAnd(parts: string[]): string {
  if (parts.length <= 1) return parts.join("");
  return `${parts.slice(0, -1).join(", ")} and ${parts[parts.length - 1]}`;
}

/** "T3", "the left showdown space". */
export function spaceName(space: SpaceId | string): string {
  if (space === "SL") return "the left showdown space";
  if (space === "SR") return "the right showdown space";
  return `the door of ${space}`;
}

/** "T3", "the Saloon", "the Jail". */
export function locationName(location: string): string {
  if (location === "saloon") return "the Saloon";
  if (location === "jail") return "the Jail";
  return location;
}

/** "2 gold + 1 stone", "3 stone". */
export function costText(cost: { gold?: number; stone?: number }): string {
  const parts: string[] = [];
  if (cost.gold) parts.push(`${cost.gold} gold`);
  if (cost.stone) parts.push(`${cost.stone} stone`);
  return parts.join(" + ") || "nothing";
}

export function cubes(gold: number, stone: number): string {
  const parts: string[] = [];
  if (gold) parts.push(`${gold} gold`);
  if (stone) parts.push(`${stone} stone`);
  return joinAnd(parts) || "nothing";
}
