/**
 * Plain-language sentences for every log event the Fistful rules push (rules.ts). Events are
 * data; this is the one place that turns them into sentences for the table's log, in the
 * reader's language (each sentence is one message in messages/{en,de}.json).
 */
import type { LogEvent } from "@saloon/engine";
import type { MeepleType } from "@saloon/fistful";
import { seatName } from "../../lib/seats.ts";
import { m } from "../../paraglide/messages.js";
import { capitalize, possessive } from "../grammar.ts";
import { MEEPLE_STYLE, aMeeple, costText, cubes, joinAnd, listMeeples, meepleName, spaceName, spaceNameAt, totalMeeples } from "./words.ts";

const num = (value: unknown): number => (typeof value === "number" ? value : 0);
const str = (value: unknown): string => (typeof value === "string" ? value : "?");
const meeple = (value: unknown): MeepleType => (typeof value === "string" && value in MEEPLE_STYLE ? (value as MeepleType) : "builder");
const one = (value: unknown): string => meepleName(meeple(value));
const counts = (value: unknown): Partial<Record<MeepleType, number>> => (value && typeof value === "object" ? (value as Partial<Record<MeepleType, number>>) : {});

export function describeEvent(event: LogEvent, names: readonly string[]): string {
  const who = (seat: unknown) => seatName(names, typeof seat === "number" ? seat : null);
  const actor = who(event.seat);
  switch (event.type) {
    case "signPlaced":
      return m.fistful_log_sign_placed({ actor, building: str(event.building), points: num(event.points) || 5 });
    case "turnStarted":
      return m.fistful_log_turn({ owner: possessive(actor) });
    case "took":
      return m.fistful_log_took({ actor, meeples: listMeeples(counts(event.meeples)), location: str(event.location) });
    case "dynamiteIntoBag":
      return m.fistful_log_dynamite_into_bag();
    case "startChosen":
      return m.fistful_log_start_chosen({ actor, space: spaceNameAt(str(event.space)) });
    case "directionChosen":
      return m.fistful_log_direction({ actor, direction: str(event.direction) });
    case "placed":
      return m.fistful_log_placed({ actor, meeple: aMeeple(meeple(event.meeple)), space: spaceName(str(event.space)) });
    case "madameToSaloon":
      return m.fistful_log_madame_to_saloon();
    case "controllerNamed":
      return m.fistful_log_controller_named({ actor, controller: who(event.controller), space: spaceNameAt(str(event.space)) });
    case "overflowToSaloon":
      return m.fistful_log_overflow({ meeples: listMeeples(counts(event.meeples)), count: totalMeeples(counts(event.meeples)) });
    case "resolving":
      return m.fistful_log_resolving({ actor, meeple: m.fistful_meeple_the({ type: meeple(event.meeple) }), space: str(event.space) });
    case "drew":
      return m.fistful_log_drew({ actor, cubes: cubes(num(event.gold), num(event.stone)), reason: str(event.reason) });
    case "bagEmpty":
      return m.fistful_log_bag_empty({ actor, count: num(event.missing) });
    case "dynamiteExploded": {
      const returned = Array.isArray(event.returned) ? event.returned : [];
      const losses = returned.map((n, seat) => (num(n) > 0 ? `${who(seat)} ${num(n)}` : "")).filter(Boolean);
      return losses.length ? m.fistful_log_dynamite_losses({ actor, losses: joinAnd(losses) }) : m.fistful_log_dynamite_no_losses({ actor });
    }
    case "robbersJailed":
      return m.fistful_log_robbers_jailed({ count: num(event.count), building: str(event.building) });
    case "buildersToSaloon":
      return m.fistful_log_builders_to_saloon({ count: num(event.count), building: str(event.building) });
    case "signBuilt":
      return m.fistful_log_sign_built({ actor, building: str(event.building), cost: costText({ gold: num(event.gold), stone: num(event.stone) }) });
    case "signUpgraded":
      return m.fistful_log_sign_upgraded({ actor, building: str(event.building), cost: costText({ gold: num(event.gold), stone: num(event.stone) }) });
    case "signDeclined":
      return m.fistful_log_sign_declined({ actor, building: str(event.building) });
    case "showdown": {
      const side = (value: unknown) => {
        const s = (value && typeof value === "object" ? value : {}) as Record<string, unknown>;
        return m.fistful_log_showdown_side({ owner: possessive(who(s.controller)), meeple: one(s.meeple), roll: num(s.roll) });
      };
      return m.fistful_log_showdown({ left: side(event.left), right: side(event.right) });
    }
    case "rerolled":
      return m.fistful_log_rerolled({ actor, from: num(event.from), to: num(event.to) });
    case "rerollDeclined":
      return m.fistful_log_reroll_declined({ actor });
    case "showdownWon":
      return m.fistful_log_showdown_won({
        owner: possessive(actor),
        meeple: one(event.meeple),
        loserOwner: possessive(who(event.loser)),
        loserMeeple: one(event.loserMeeple),
      });
    case "showdownBothDie":
      return m.fistful_log_showdown_both_die({
        meeples: m.fistful_meeple_plural({ type: meeple(event.meeple) }),
        left: possessive(who(event.left)),
        right: possessive(who(event.right)),
      });
    case "buried":
      return m.fistful_log_buried({ meeple: capitalize(m.fistful_meeple_the_nom({ type: meeple(event.meeple) })), grave: num(event.grave) });
    case "leftTheGame":
      return m.fistful_log_left_the_game({ meeple: m.fistful_meeple_the_nom({ type: meeple(event.meeple) }) });
    case "barTaken":
      return m.fistful_log_bar_taken({ actor, price: num(event.price) });
    case "endTriggered":
      return m.fistful_log_end_triggered({ reason: str(event.reason) });
    case "gameEnded":
      return m.fistful_log_game_ended({ reason: str(event.reason) });
    default:
      return `${event.type}${typeof event.seat === "number" ? ` (${actor})` : ""}`;
  }
}

/** Events that open a new paragraph in the log (a new turn). */
export function isTurnMarker(event: LogEvent): boolean {
  return event.type === "turnStarted" || event.type === "gameEnded";
}
