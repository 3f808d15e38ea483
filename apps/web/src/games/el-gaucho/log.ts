/**
 * Plain-language sentences for every log event the El Gaucho rules push (rules/*.ts). Events
 * are data; this is the one place that turns them into English for the table's log.
 */
import type { LogEvent } from "@saloon/engine";
import { seatName } from "../../lib/seats.ts";
import { areaInfo, breedStyle, diceText, fieldName, joinAnd, pesos, tileList, tileName } from "./words.ts";

const num = (value: unknown): number => (typeof value === "number" ? value : 0);

const SALE_REASON: Record<string, string> = {
  closed: "the herd was closed by a tile that did not fit",
  instant: "an instant sale at the estancia",
  final: "the final sale",
};

export function describeEvent(event: LogEvent, names: readonly string[]): string {
  const who = (seat: unknown) => seatName(names, typeof seat === "number" ? seat : null);
  const actor = who(event.seat);
  switch (event.type) {
    case "chose":
      return `${actor} has chosen which tiles to keep.`;
    case "kept":
      return `${actor} keeps ${tileList(event.tiles)} (secret until everyone has chosen).`;
    case "revealed": {
      const tiles = Array.isArray(event.tiles) ? event.tiles : [];
      return `${actor} reveals ${tiles.length ? tileList(tiles) : "no tiles"}.`;
    }
    case "occupied":
      return event.preRound
        ? `${actor} puts a gaucho on ${areaInfo(event.area).name} before the first round.`
        : `${actor} puts a gaucho on ${areaInfo(event.area).name} with ${diceText(event.dice, event.wish)}.`;
    case "roundStarted": {
      const dice = Array.isArray(event.dice) ? event.dice.map(Number) : [];
      return event.dieless
        ? `Round ${num(event.round)} starts with ${who(event.start)}: the last round, without dice.`
        : `Round ${num(event.round)} starts with ${who(event.start)}, who rolls ${dice.join(", ")}.`;
    }
    case "turnStarted":
      return `${actor}'s turn.`;
    case "picked":
      return `${actor} takes the dice ${(Array.isArray(event.dice) ? event.dice : []).map(Number).join(" and ")} from the rodeo.`;
    case "stood":
      return `${actor} sends a standing gaucho to ${tileName(event.tile)} on ${fieldName(event.row, event.field)} with ${diceText(event.dice, event.wish)}.`;
    case "laidDown":
      return `${actor} lays a gaucho down on ${tileName(event.tile)} on ${fieldName(event.row, event.field)} with ${diceText(event.dice, event.wish)}.`;
    case "raised":
      return `${actor} stands up the gaucho on ${tileName(event.tile)} with ${diceText(event.dice, event.wish)}.`;
    case "turnEnded":
      return `${actor} ends the turn.`;
    case "recalled":
      return `${actor} takes the gauchos back from ${areaInfo(event.area).name}.`;
    case "wished":
      return `${actor} uses the rodeo hero for a wish die.`;
    case "saleBonus":
      return `${actor} gets ${pesos(num(event.pesos))} bonus for the instant sale.`;
    case "sold": {
      const values = Array.isArray(event.values) ? event.values.map(Number) : [];
      const reason = SALE_REASON[String(event.reason)] ?? "a sale";
      return `${actor} sells the ${breedStyle(event.breed).name} herd (${values.join(", ")}) for ${pesos(num(event.price))}: ${reason}.`;
    }
    case "stole":
      return `${actor} steals ${tileName(event.tile)} from ${who(event.victim)}, who gets ${pesos(num(event.compensation))}.`;
    case "overseerRaised": {
      const fields = Array.isArray(event.fields) ? (event.fields as { row: number; field: number }[]) : [];
      return `${actor}'s overseer stands up the gaucho${fields.length === 1 ? "" : "s"} on ${joinAnd(fields.map((f) => fieldName(f.row, f.field)))}.`;
    }
    case "overseerReplaced":
      return `${actor}'s overseer replaces ${who(event.victim)}'s lying gaucho on ${fieldName(event.row, event.field)}; ${who(event.victim)} gets ${pesos(num(event.compensation))}.`;
    case "steppeLooked":
      return `${actor} looks at the ${num(event.count)} tiles of the steppe.`;
    case "steppeSeen":
      return `${actor} sees ${tileList(event.tiles)} in the steppe (only they see this).`;
    case "steppeChose":
      return `${actor} takes ${num(event.count) === 1 ? "1 tile" : `${num(event.count)} tiles`} from the steppe.`;
    case "steppePlaced":
      return `${actor} drives ${tileName(event.tile)} from the steppe onto ${fieldName(event.row, event.field)}, with a standing gaucho.`;
    case "steppeRefilled":
      return num(event.count) > 0
        ? `The steppe gets ${num(event.count)} new ${num(event.count) === 1 ? "tile" : "tiles"}; ${num(event.supplyLeft)} left in the supply.`
        : `The supply is empty: the steppe is not refilled.`;
    case "retrieved":
      return `${actor} takes back the lying gaucho from ${fieldName(event.row, event.field)}.`;
    case "roundEnded":
      return `Round ${num(event.round)} ends: the cattle of full pastures come home.`;
    case "cameHome":
      return `${actor} brings ${tileName(event.tile)} home from ${fieldName(event.row, event.field)}.`;
    case "laid":
      return `${actor} adds ${breedStyle(event.breed).name} ${num(event.value)} to the end of the herd.`;
    case "sortedIn":
      return `${actor} uses the stable to sort ${breedStyle(event.breed).name} ${num(event.value)} into the herd at place ${num(event.position) + 1}.`;
    case "finalDriveHome":
      return `Final drive: every standing gaucho brings its cattle home.`;
    case "refilled": {
      const tiles = Array.isArray(event.tiles) ? event.tiles : [];
      return `${tiles.length} new ${tiles.length === 1 ? "tile goes" : "tiles go"} onto the pampa; ${num(event.supplyLeft)} left in the supply.`;
    }
    case "gameOver": {
      const all = Array.isArray(event.pesos) ? event.pesos.map(Number) : [];
      return `Game over! ${joinAnd(all.map((p, seat) => `${who(seat)} ${pesos(p)}`))}.`;
    }
    default:
      return `Something happened (${event.type}).`;
  }
}

/** Events that open a new block in the log. */
export function isTurnMarker(event: LogEvent): boolean {
  return event.type === "turnStarted" || event.type === "roundStarted";
}
