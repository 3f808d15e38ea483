/**
 * Who may take a place at a table, decided before Colyseus reserves one (DESIGN.md principle 8:
 * a seated player can always come back). Issue #9: 51 spectators, or 51 HTTP-only seat
 * reservations sent in 81 ms, filled `maxClients` so that a dropped player's reload was refused.
 *
 * Every pending reservation and connection is one of three kinds, each bounded on its own:
 * - a seat's own player (their token holds a seat here): always let in;
 * - someone looking for a free seat: only while a seat is open, and a few pending at a time;
 * - a spectator: connected plus pending spectators stay within the spectator limit.
 */
import type { JoinErrorCode } from "@saloon/protocol";
import type { Budgets } from "./budgets.ts";
import { readJoin } from "./table-options.ts";
import { type MatchmakeRequest, isPlainOptions } from "./matchmake-request.ts";

export type Arrival = "holder" | "seeker" | "spectator";

export interface TableOccupancy {
  /** Token hashes holding a seat (people only), and how many seats are still open. */
  holds(tokenHash: string): boolean;
  openSeats: number;
  seats: number;
  /** Spectators connected now. */
  spectators: number;
  /** The join options of every reservation not yet used. */
  pending: Iterable<unknown>;
}

export interface Refusal {
  code: JoinErrorCode;
  message: string;
}

/**
 * Join options, whatever a client sent: which kind of arrival they make. Malformed ones count as
 * seekers (onJoin refuses them). Each options object is read once (readJoin): a table checks
 * every pending reservation again at each new one.
 */
export function arrivalOf(options: unknown, holds: (tokenHash: string) => boolean): Arrival {
  const { parsed, tokenHash } = readJoin(options);
  if (!parsed.success) return "seeker";
  if (parsed.data.spectate === true) return "spectator";
  return tokenHash !== null && holds(tokenHash) ? "holder" : "seeker";
}

/**
 * The pending reservations (by session id) that a new reservation with these options takes the
 * place of: the same person's (same token), for the same kind of place. A person whose
 * connection failed asks again; their earlier reservation would otherwise wait out its time
 * (30 s at a rebuilt table) and count against the few each person may have pending, so that
 * after a restart on a busy machine people were refused their own seats for minutes (issue #11).
 */
export function replacedReservations(options: unknown, pending: Iterable<[sessionId: string, options: unknown]>): string[] {
  const person = personOf(options);
  if (!person) return [];
  const replaced: string[] = [];
  for (const [sessionId, other] of pending) {
    const earlier = personOf(other);
    if (earlier && earlier.token === person.token && earlier.spectate === person.spectate) replaced.push(sessionId);
  }
  return replaced;
}

/** The person by their token's hash (a seat's person coming back by its reconnection token has no token in their options). */
function personOf(options: unknown): { token: string; spectate: boolean } | null {
  const read = readJoin(options);
  return read.tokenHash ? { token: read.tokenHash, spectate: read.join.spectate === true } : null;
}

export class Admission {
  constructor(private readonly spectatorLimit: number) {}

  /** Pending reservations of people looking for a seat, at most. */
  maxPendingSeekers(seats: number): number {
    return Math.max(4, seats * 2);
  }

  /** Reservations by a seat's own player, at most (a reload storm of one person). */
  maxPendingHolders(seats: number): number {
    return seats * 2;
  }

  /** The most clients plus reservations the room can ever have under these rules: Colyseus's own cap sits here. */
  capacity(seats: number): number {
    return seats * 2 + this.spectatorLimit + this.maxPendingSeekers(seats) + this.maxPendingHolders(seats);
  }

  /** Null when a reservation for these options may be made now, else why not. */
  check(options: unknown, table: TableOccupancy): Refusal | null {
    const holds = (tokenHash: string) => table.holds(tokenHash);
    const arrival = arrivalOf(options, holds);
    const pending = { holder: 0, seeker: 0, spectator: 0 };
    for (const other of table.pending) pending[arrivalOf(other, holds)] += 1;

    if (arrival === "holder") {
      return pending.holder < this.maxPendingHolders(table.seats) ? null : { code: "RATE_LIMITED", message: "This seat is being joined already; try again in a moment" };
    }
    if (arrival === "spectator") {
      return table.spectators + pending.spectator < this.spectatorLimit
        ? null
        : { code: "ROOM_FULL", message: `This table has its ${this.spectatorLimit} spectators; try again later` };
    }
    if (table.openSeats === 0) return { code: "TABLE_FULL", message: "Every seat is taken; join with { spectate: true } to watch" };
    return pending.seeker < this.maxPendingSeekers(table.seats) ? null : { code: "ROOM_FULL", message: "Too many people are joining this table at once; try again in a moment" };
  }
}

/**
 * A matchmaking request for a table, checked before Colyseus reserves anything: a join by id
 * meets that table's admission, a create the creator's own budget. Tables are created with
 * `create` and joined by id; Colyseus's "any room that fits" methods would queue a request
 * behind every full table (its retries held one for over 10 s).
 */
export function refuseRequest(
  request: MatchmakeRequest,
  options: unknown,
  budgets: Budgets,
  tableById: (roomId: string) => { refusalFor(options: unknown): Refusal | null } | null,
): Refusal | null {
  if (!isPlainOptions(options)) return { code: "BAD_OPTIONS", message: "Options are an object" };
  if (request.method === "join" || request.method === "joinOrCreate") return { code: "BAD_OPTIONS", message: "Create a table, or join one by its id" };
  if (request.method === "joinById") return tableById(request.target)?.refusalFor(options) ?? null;
  if (request.method === "create") {
    const token = (options as Record<string, unknown> | undefined)?.token;
    if (typeof token === "string" && !budgets.createByPerson(token)) return { code: "RATE_LIMITED", message: "You have created too many tables; wait a minute" };
  }
  return null;
}
