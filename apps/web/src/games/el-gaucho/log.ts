/**
 * Plain-language sentences for every log event the El Gaucho rules push (rules/*.ts). Events
 * are data; this is the one place that turns them into sentences for the table's log, in the
 * reader's language (one message per sentence in messages/{en,de}.json).
 */
import type { LogEvent } from "@saloon/engine";
import { seatName } from "../../lib/seats.ts";
import { m } from "../../paraglide/messages.js";
import { possessive } from "../grammar.ts";
import { areaFrom, areaOnto, diceText, fieldName, herdName, joinAnd, pesos, tileList, tileName } from "./words.ts";

const num = (value: unknown): number => (typeof value === "number" ? value : 0);

export function describeEvent(event: LogEvent, names: readonly string[]): string {
  const who = (seat: unknown) => seatName(names, typeof seat === "number" ? seat : null);
  const actor = who(event.seat);
  const dice = () => diceText(event.dice, event.wish);
  const field = () => fieldName(event.row, event.field);
  switch (event.type) {
    case "chose":
      return m.gaucho_log_chose({ actor });
    case "kept":
      return m.gaucho_log_kept({ actor, tiles: tileList(event.tiles) });
    case "revealed": {
      const tiles = Array.isArray(event.tiles) ? event.tiles : [];
      return m.gaucho_log_revealed({ actor, tiles: tiles.length ? tileList(tiles) : m.gaucho_no_tiles() });
    }
    case "occupied":
      return event.preRound
        ? m.gaucho_log_occupied_pre_round({ actor, area: areaOnto(event.area) })
        : m.gaucho_log_occupied({ actor, area: areaOnto(event.area), dice: dice() });
    case "roundStarted": {
      const rolled = Array.isArray(event.dice) ? event.dice.map(Number) : [];
      return event.dieless
        ? m.gaucho_log_round_dieless({ round: num(event.round), player: who(event.start) })
        : m.gaucho_log_round({ round: num(event.round), player: who(event.start), dice: rolled.join(", ") });
    }
    case "turnStarted":
      return m.gaucho_log_turn({ owner: possessive(actor) });
    case "picked":
      return m.gaucho_log_picked({ actor, dice: joinAnd((Array.isArray(event.dice) ? event.dice : []).map((d) => String(Number(d)))) });
    case "stood":
      return m.gaucho_log_stood({ actor, tile: tileName(event.tile), field: field(), dice: dice() });
    case "laidDown":
      return m.gaucho_log_laid_down({ actor, tile: tileName(event.tile), field: field(), dice: dice() });
    case "raised":
      return m.gaucho_log_raised({ actor, tile: tileName(event.tile), dice: dice() });
    case "turnEnded":
      return m.gaucho_log_turn_ended({ actor });
    case "recalled":
      return m.gaucho_log_recalled({ actor, area: areaFrom(event.area) });
    case "wished":
      return m.gaucho_log_wished({ actor });
    case "saleBonus":
      return m.gaucho_log_sale_bonus({ actor, pesos: pesos(num(event.pesos)) });
    case "sold": {
      const values = Array.isArray(event.values) ? event.values.map(Number) : [];
      return m.gaucho_log_sold({ actor, herd: herdName(event.breed), values: values.join(", "), pesos: pesos(num(event.price)), reason: String(event.reason) });
    }
    case "stole":
      return m.gaucho_log_stole({ actor, tile: tileName(event.tile), victim: who(event.victim), pesos: pesos(num(event.compensation)) });
    case "overseerRaised": {
      const fields = Array.isArray(event.fields) ? (event.fields as { row: number; field: number }[]) : [];
      return m.gaucho_log_overseer_raised({ owner: possessive(actor), fields: joinAnd(fields.map((f) => fieldName(f.row, f.field))), count: fields.length });
    }
    case "overseerReplaced":
      return m.gaucho_log_overseer_replaced({
        owner: possessive(actor),
        victimOwner: possessive(who(event.victim)),
        field: field(),
        victim: who(event.victim),
        pesos: pesos(num(event.compensation)),
      });
    case "steppeLooked":
      return m.gaucho_log_steppe_looked({ actor, count: num(event.count) });
    case "steppeSeen":
      return m.gaucho_log_steppe_seen({ actor, tiles: tileList(event.tiles) });
    case "steppeChose":
      return m.gaucho_log_steppe_chose({ actor, count: num(event.count) });
    case "steppePlaced":
      return m.gaucho_log_steppe_placed({ actor, tile: tileName(event.tile), field: field() });
    case "steppeRefilled":
      return num(event.count) > 0 ? m.gaucho_log_steppe_refilled({ count: num(event.count), left: num(event.supplyLeft) }) : m.gaucho_log_steppe_not_refilled();
    case "retrieved":
      return m.gaucho_log_retrieved({ actor, field: field() });
    case "roundEnded":
      return m.gaucho_log_round_ended({ round: num(event.round) });
    case "cameHome":
      return m.gaucho_log_came_home({ actor, tile: tileName(event.tile), field: field() });
    case "laid":
      return m.gaucho_log_laid({ actor, tile: tileName({ breed: event.breed, value: num(event.value) }) });
    case "sortedIn":
      return m.gaucho_log_sorted_in({ actor, tile: tileName({ breed: event.breed, value: num(event.value) }), place: num(event.position) + 1 });
    case "finalDriveHome":
      return m.gaucho_log_final_drive();
    case "refilled": {
      const tiles = Array.isArray(event.tiles) ? event.tiles : [];
      return m.gaucho_log_refilled({ count: tiles.length, left: num(event.supplyLeft) });
    }
    case "gameOver": {
      const all = Array.isArray(event.pesos) ? event.pesos.map(Number) : [];
      return m.gaucho_log_game_over({ results: joinAnd(all.map((p, seat) => m.gaucho_log_result({ player: who(seat), pesos: pesos(p) }))) });
    }
    default:
      return m.gaucho_log_unknown({ type: event.type });
  }
}

/** Events that open a new block in the log. */
export function isTurnMarker(event: LogEvent): boolean {
  return event.type === "turnStarted" || event.type === "roundStarted";
}
