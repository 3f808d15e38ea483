/**
 * The seats of a table: who sits where, kept in room memory only. A person is known by the
 * hash of their guest token, never the token, so a table rebuilt from the store (which keeps
 * only the hash) gives every person their seat back the same way.
 */
import type { Client, Deferred } from "@colyseus/core";
import type { Seat } from "@saloon/engine";
import { type AbsentSeatMessage, type ChatMessage, type ErrorMessage, type LogMessage, type SERVER_MESSAGES, type SeatKind, type SeatedMessage, type StepCheckMessage, absentSeatMessage, type joinOptions } from "@saloon/protocol";
import type { z } from "zod";
import type { SeatFacts } from "./match-recorder.ts";
import { JoinRejected, describeIssues } from "./table-options.ts";
import type { TableTimer } from "./table-pulse.ts";
import type { SeatSchema } from "./table-state.ts";

export type PlayerJoin = Extract<z.output<typeof joinOptions>, { name: string }>;

export interface ClientData {
  /** The seat this connection was given on join; null for spectators. */
  seat: Seat | null;
  /** Whose message budget this connection spends: the guest token, or the connection itself without one. */
  person: string;
  address: string;
  /** Messages refused for the budget since the last one allowed; past the burst the connection is closed. */
  overdraft: number;
  /** Closed for flooding: nothing is held for it. */
  flooded: boolean;
  /** The name it joined with ("" for a spectator who gave none): a spectator's name in the chat. */
  name: string;
}

export type TableClient = Client<{
  userData: ClientData;
  messages: {
    [SERVER_MESSAGES.seated]: SeatedMessage;
    [SERVER_MESSAGES.log]: LogMessage;
    [SERVER_MESSAGES.error]: ErrorMessage;
    [SERVER_MESSAGES.stepCheck]: StepCheckMessage;
    [SERVER_MESSAGES.chat]: ChatMessage;
  };
}>;

/** Who sits on a seat. */
export interface SeatSlot {
  kind: SeatKind;
  name: string;
  /** hashToken of the person the seat belongs to (kept while a bot plays it for them). */
  tokenHash: string | null;
  /** The person's own name while a bot plays for them. */
  personName: string;
  /** The connection currently acting for the seat (null while nobody is connected). */
  client: TableClient | null;
  /** sessionId of that connection: Colyseus keeps it across a reconnection, the Client object it does not. */
  sessionId: string | null;
  /** Pending `allowReconnection` while the seat's connection is dropped. */
  reconnection: Deferred<Client> | Promise<unknown> | null;
  /** Fires when the grace period of an absent person ends. */
  graceTimer: TableTimer | null;
  schema: SeatSchema;
}

/** The seat a joining person gets: their own (found by their token's hash), the one they asked for, or the first open one. */
export function chooseSeat(slots: SeatSlot[], request: PlayerJoin, tokenHash: string): Seat {
  const mine = slots.findIndex((slot) => slot.tokenHash === tokenHash && slot.kind !== "open");
  if (mine >= 0) return mine; // same guest again: the same seat, whatever it asked for (even from a bot playing for them)
  if (request.seat !== undefined) {
    const slot = slots[request.seat];
    if (!slot) throw new JoinRejected("BAD_OPTIONS", `There is no seat ${request.seat} at this table`);
    if (slot.kind !== "open") throw new JoinRejected("SEAT_TAKEN", `Seat ${request.seat} is taken`);
    return request.seat;
  }
  const free = slots.findIndex((slot) => slot.kind === "open");
  if (free < 0) throw new JoinRejected("TABLE_FULL", "Every seat is taken; join with { spectate: true } to watch");
  return free;
}

/** The seats as stored: a bot playing for an absent person keeps that person's name and token hash. */
export function seatFacts(slots: SeatSlot[]): SeatFacts[] {
  return slots.map((slot) => ({
    seat: slot.schema.seat,
    kind: slot.kind === "bot" ? "bot" : "human",
    name: slot.kind === "bot" && slot.tokenHash ? slot.personName : slot.name,
    tokenHash: slot.tokenHash,
  }));
}

/**
 * Starts an absent person's grace period: `awayUntil` tells everyone when it ends; then, if
 * `over()` says the person is still away, `graceOver` lets the others decide.
 */
export function startGrace(slot: SeatSlot, now: number, graceSeconds: number, timers: { setTimeout(fn: () => void, ms: number): TableTimer }, over: () => boolean): void {
  if (slot.kind !== "human" || slot.graceTimer || slot.schema.graceOver) return;
  slot.schema.awayUntil = now + graceSeconds * 1000;
  slot.graceTimer = timers.setTimeout(() => {
    slot.graceTimer = null;
    if (over()) slot.schema.graceOver = true;
  }, graceSeconds * 1000);
}

/** The person is back (or the seat changed hands, or the game ended): no more countdown. */
export function endGrace(slot: SeatSlot): void {
  slot.graceTimer?.clear();
  slot.graceTimer = null;
  slot.schema.awayUntil = 0;
  slot.schema.graceOver = false;
}

/** An absent-seat choice checked: from a seated person, about an absent person's seat past its grace period. */
export function readAbsentSeatChoice(
  slots: SeatSlot[],
  playing: boolean,
  senderSeat: Seat | null,
  payload: unknown,
): { choice: AbsentSeatMessage; slot: SeatSlot } | ErrorMessage {
  const parsed = absentSeatMessage.safeParse(payload);
  if (!parsed.success) return { code: "BAD_MESSAGE", message: `Not an absent-seat choice: ${describeIssues(parsed.error)}` };
  if (senderSeat === null) return { code: "NOT_SEATED", message: "Only a person seated at this table can decide" };
  const slot = slots[parsed.data.seat];
  if (!playing || !slot || slot.kind !== "human" || slot.client || !slot.schema.graceOver) {
    return { code: "NOT_NOW", message: `Seat ${parsed.data.seat} is not an absent person's seat past its grace period` };
  }
  return { choice: parsed.data, slot };
}
