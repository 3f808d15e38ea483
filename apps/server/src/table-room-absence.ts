/**
 * A person away from a running game (part of TableRoom, table-room.ts): their seat waits
 * through the grace period, then the others may give it to a bot or end the game; a table
 * ended early is stored as abandoned and closes a little later.
 */
import type { TableRoom } from "./table-room.ts";
import { setSeat } from "./table-room-seating.ts";
import { type SeatSlot, type TableClient, endGrace, readAbsentSeatChoice, seatFacts, startGrace as startSeatGrace } from "./table-seats.ts";

/** Why an abandoned match ended, as stored and shown. */
export const END_REASONS = { byPlayers: "ended-by-players", allLeft: "all-left", failed: "table-failed" } as const;

/** A person is away: their seat waits through the grace period, then the others may decide. */
export function startGrace(room: TableRoom, slot: SeatSlot, now: number): void {
  startSeatGrace(slot, now, room.graceSeconds, room.pulse, () => {
    if (slot.client || room.status() !== "playing") return false;
    room.log.info({ seat: slot.schema.seat }, "grace period over; the others may give the seat to a bot or end the game");
    // Nobody left to decide: the game cannot go on.
    if (!room.slots.some((s) => s.kind === "human" && s.client)) abandon(room, END_REASONS.allLeft);
    return true;
  });
}

/**
 * A table with people at a running game stays open when they all leave: their seats wait
 * through the grace period (and a rebuilt table has nobody connected at first). Finished,
 * abandoned, waiting and all-bot tables close when the last connection goes.
 */
export function keepWhileEmpty(room: TableRoom): void {
  room.autoDispose = !(room.status() === "playing" && room.slots.some((slot) => slot.kind === "human" || slot.tokenHash));
}

export function onAbsentSeat(room: TableRoom, client: TableClient, payload: unknown): void {
  if (!room.allow(client, "absent-seat")) return;
  const decision = readAbsentSeatChoice(room.slots, room.status() === "playing", room.seatOf(client), payload);
  if ("code" in decision) return room.reject(client, "absent-seat", decision);
  const { choice, slot } = decision;
  room.log.info({ seat: choice.seat, choice: choice.choice, by: room.seatOf(client) }, "absent seat decided");
  if (choice.choice === "end") return abandon(room, END_REASONS.byPlayers);
  endGrace(slot);
  const personName = slot.name;
  setSeat(room, slot, "bot", `Bot for ${personName}`.slice(0, 24), slot.tokenHash);
  slot.personName = personName;
  slot.schema.connected = true;
  room.recorder.seatChanged(seatFacts(room.slots)[choice.seat]!);
  room.updateListing();
  room.bots.schedule();
}

/**
 * Ends a running game before its end: no more moves are taken, the ones already accepted are
 * stored and shown, then the game is stored as abandoned with its log and the table closes.
 */
function abandon(room: TableRoom, reason: string): void {
  if (room.status() !== "playing" || room.ending) return;
  room.ending = true;
  room.bots.stop();
  for (const slot of room.slots) endGrace(slot);
  void room.publishing.then(async () => {
    if (room.status() !== "playing") return; // the last accepted move ended the game after all
    room.state.status = "abandoned";
    room.state.endReason = reason;
    room.publish();
    room.endListing();
    room.log.info({ reason, actions: room.actedBy.length }, "game abandoned");
    await room.recorder.abandoned(reason);
    closeSoon(room);
  });
}

/** An ended table stays a little for those looking at it, then closes. */
function closeSoon(room: TableRoom): void {
  room.autoDispose = true;
  if (room.clients.length === 0) void room.disconnect();
  else room.pulse.setTimeout(() => void room.disconnect(), room.settings.closingSeconds * 1000);
}
