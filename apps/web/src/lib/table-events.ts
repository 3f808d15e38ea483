/**
 * Log entries the table itself writes, next to the game's own: "X took back a move" after an
 * undo (issue #15 item 3). The server keeps them only in the live log; replays never show them.
 */
import type { LogEvent } from "@saloon/engine";
import { m } from "../paraglide/messages.js";
import { seatName } from "./seats.ts";

export function describeTableEvent(event: LogEvent, names: readonly string[]): string | null {
  if (event.type === "tookBack") return m.turn_took_back({ name: seatName(names, typeof event.seat === "number" ? event.seat : null) });
  return null;
}
