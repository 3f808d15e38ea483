/**
 * Plain-language sentences for every log event the Fistful rules push (rules.ts). Events are
 * data; this is the one place that turns them into English for the table's log.
 */
import type { LogEvent } from "@saloon/engine";
import type { MeepleType } from "@saloon/fistful";
import { seatName } from "../../lib/seats.ts";
import { MEEPLE_STYLE, aMeeple, costText, cubes, joinAnd, listMeeples, locationName, meepleCount, spaceName } from "./words.ts";

const REASONS: Record<string, string> = {
  miner: "from a miner",
  robber: "robbing miners",
  deputy: "catching robbers",
  madame: "from the madame",
  showdown: "as showdown reward",
};

const END_REASONS: Record<string, string> = {
  bankEmpty: "The bank has no gold bars left",
  graveyardFull: "The graveyard is full",
  allDynamiteExploded: "All three dynamite have exploded",
};

const num = (value: unknown): number => (typeof value === "number" ? value : 0);
const str = (value: unknown): string => (typeof value === "string" ? value : "?");
const meeple = (value: unknown): MeepleType => (typeof value === "string" && value in MEEPLE_STYLE ? (value as MeepleType) : "builder");
const one = (value: unknown): string => MEEPLE_STYLE[meeple(value)].one;
const counts = (value: unknown): Partial<Record<MeepleType, number>> => (value && typeof value === "object" ? (value as Partial<Record<MeepleType, number>>) : {});

/** The owner of a possessive: "Alice's". */
const whose = (name: string): string => (name.endsWith("s") ? `${name}'` : `${name}'s`);

export function describeEvent(event: LogEvent, names: readonly string[]): string {
  const who = (seat: unknown) => seatName(names, typeof seat === "number" ? seat : null);
  const actor = who(event.seat);
  switch (event.type) {
    case "signPlaced":
      return `${actor} puts a starting sign on ${str(event.building)} (${num(event.points) || 5} points).`;
    case "turnStarted":
      return `${whose(actor)} turn.`;
    case "took":
      return `${actor} takes ${listMeeples(counts(event.meeples))} from ${locationName(str(event.location))}.`;
    case "dynamiteIntoBag":
      return `A dynamite leaves the Jail and goes into the bag.`;
    case "startChosen":
      return `${actor} starts on ${spaceName(str(event.space))}.`;
    case "directionChosen":
      return `${actor} goes ${event.direction === "ccw" ? "counter-clockwise" : "clockwise"}.`;
    case "placed":
      return `${actor} places ${aMeeple(meeple(event.meeple))} on ${spaceName(str(event.space))}.`;
    case "madameToSaloon":
      return `The madame never fights: she walks back into the Saloon.`;
    case "controllerNamed":
      return `${actor} already controls the other showdown meeple, so ${who(event.controller)} takes control of the one on ${spaceName(str(event.space))}.`;
    case "overflowToSaloon":
      return `No free space left: ${listMeeples(counts(event.meeples))} go to the Saloon.`;
    case "resolving":
      return `${actor} resolves the ${one(event.meeple)} at ${str(event.space)}.`;
    case "drew": {
      const reason = REASONS[str(event.reason)];
      return `${actor} draws ${cubes(num(event.gold), num(event.stone))}${reason ? ` ${reason}` : ""}.`;
    }
    case "bagEmpty":
      return `The bag is empty: ${actor} misses ${num(event.missing)} ${num(event.missing) === 1 ? "piece" : "pieces"}.`;
    case "dynamiteExploded": {
      const returned = Array.isArray(event.returned) ? event.returned : [];
      const losses = returned.map((n, seat) => (num(n) > 0 ? `${who(seat)} ${num(n)}` : "")).filter(Boolean);
      return `${actor} draws a dynamite and it explodes! ${losses.length ? `Everyone gives back half their stone (${joinAnd(losses)}).` : "Nobody had stone to lose."}`;
    }
    case "robbersJailed":
      return `${meepleCount("robber", num(event.count))} from ${str(event.building)} ${num(event.count) === 1 ? "goes" : "go"} to the Jail.`;
    case "buildersToSaloon":
      return `${meepleCount("builder", num(event.count))} from ${str(event.building)} ${num(event.count) === 1 ? "follows" : "follow"} the madame to the Saloon.`;
    case "signBuilt":
      return `${actor} builds a sign on ${str(event.building)} for ${costText({ gold: num(event.gold), stone: num(event.stone) })}.`;
    case "signUpgraded":
      return `${actor} upgrades the sign on ${str(event.building)} to 10 points for ${costText({ gold: num(event.gold), stone: num(event.stone) })}.`;
    case "signDeclined":
      return `${actor} leaves the sign on ${str(event.building)} as it is.`;
    case "showdown": {
      const side = (value: unknown) => {
        const s = (value && typeof value === "object" ? value : {}) as Record<string, unknown>;
        return `${whose(who(s.controller))} ${one(s.meeple)} rolls ${num(s.roll)}`;
      };
      return `Showdown! ${side(event.left)}, ${side(event.right)}.`;
    }
    case "rerolled":
      return `${actor} rerolls the ${num(event.from)} and gets ${num(event.to)}.`;
    case "rerollDeclined":
      return `${actor} keeps the roll.`;
    case "showdownWon":
      return `${whose(actor)} ${one(event.meeple)} wins the showdown against ${whose(who(event.loser))} ${one(event.loserMeeple)} and walks into the Saloon.`;
    case "showdownBothDie":
      return `Same roll, same rank: both ${MEEPLE_STYLE[meeple(event.meeple)].many} fall (${whose(who(event.left))} and ${whose(who(event.right))}).`;
    case "buried":
      return `The ${one(event.meeple)} is buried in grave ${num(event.grave)} of 6.`;
    case "leftTheGame":
      return `No grave is free: the ${one(event.meeple)} leaves the game.`;
    case "barTaken":
      return `${actor} pays ${num(event.price)} gold for a gold bar (10 points).`;
    case "endTriggered":
      return `${END_REASONS[str(event.reason)] ?? "The end is near"}: this is the last round.`;
    case "gameEnded": {
      const reason = END_REASONS[str(event.reason)];
      return reason ? `The game is over: ${reason.charAt(0).toLowerCase()}${reason.slice(1)}.` : "The game is over.";
    }
    default:
      return `${event.type}${typeof event.seat === "number" ? ` (${actor})` : ""}`;
  }
}

/** Events that open a new paragraph in the log (a new turn). */
export function isTurnMarker(event: LogEvent): boolean {
  return event.type === "turnStarted" || event.type === "gameEnded";
}
