/**
 * What a table sends out: the game's views as paths to leaves, public and per seat, written into
 * the schema state touching only the leaves that changed (principle 6, docs/sync.md); the game log,
 * each client's events filtered for its seat; and the table's lobby listing.
 */
import type { AnyGame, LogEvent, Seat } from "@saloon/engine";
import { SERVER_MESSAGES, type TableListing, type TableStatus, flattenView, viewOverrides } from "@saloon/protocol";
import type { SeatSlot, TableClient } from "./table-seats.ts";
import type { TableStateSchema } from "./table-state.ts";

/** The synced part of a game state: each view as paths to leaves (view-paths.ts), public and per seat. */
export interface Projection {
  publicView: Map<string, string>;
  /** Per seat: only the paths where its view differs from the public one, and its prompt. */
  seats: { view: Map<string, string>; prompt: string }[];
}

/** Makes `map` hold exactly `next`, touching only entries whose text changed so patches carry only those. */
export function syncMap(map: Map<string, string>, next: ReadonlyMap<string, string>): void {
  for (const key of [...map.keys()]) if (!next.has(key)) map.delete(key);
  for (const [key, text] of next) if (map.get(key) !== text) map.set(key, text);
}

/**
 * What the synced state should hold for a game state: the public view for everyone and, per
 * seat, only the paths its own view shows differently, plus its prompt. Pure, so it can be
 * computed before anything is committed.
 */
export function project(game: AnyGame, gameState: unknown, seatCount: number, playing: boolean): Projection {
  const publicView = flattenView(game.view(gameState, null));
  const prompts = playing ? game.prompts(gameState) : [];
  const seats = Array.from({ length: seatCount }, (_, seat) => {
    const view = viewOverrides(publicView, flattenView(game.view(gameState, seat)));
    const prompt = prompts.find((p) => p.seat === seat);
    return { view, prompt: prompt ? JSON.stringify(prompt) : "" };
  });
  return { publicView, seats };
}

/** Writes a projection into the synced state, touching only what changed. */
export function writeProjection(state: TableStateSchema, projection: Projection): void {
  syncMap(state.view, projection.publicView);
  for (const [index, seat] of state.seats.entries()) {
    const secret = seat.secret!;
    const mine = projection.seats[index]!;
    syncMap(secret.view, mine.view);
    if (secret.prompt !== mine.prompt) secret.prompt = mine.prompt;
  }
}

/** One table's outgoing side: its projection into the synced state and its game log. */
export class TableSync {
  constructor(
    private readonly game: AnyGame,
    private readonly state: TableStateSchema,
    private readonly seatCount: () => number,
    /** The game log so far, owned by the room (every accepted action's events, in order). */
    private readonly events: readonly LogEvent[],
  ) {}

  project(gameState: unknown, playing: boolean): Projection {
    return project(this.game, gameState, this.seatCount(), playing);
  }

  write(projection: Projection): void {
    writeProjection(this.state, projection);
  }

  /** Publishes a game state as it is (at a start, an end, or a rebuild: nothing is pending then). */
  publish(gameState: unknown, playing: boolean): void {
    this.write(this.project(gameState, playing));
  }

  /** The whole log so far, as this client's seat may see it. */
  sendHistory(client: TableClient, seat: Seat | null): void {
    client.send(SERVER_MESSAGES.log, { from: 0, to: this.events.length, events: this.eventsFor(seat, 0) });
  }

  /** The events from `from` on, to every client as its seat may see them. */
  sendEvents(clients: Iterable<TableClient>, seatOf: (client: TableClient) => Seat | null, from: number): void {
    for (const client of clients) {
      client.send(SERVER_MESSAGES.log, { from, to: this.events.length, events: this.eventsFor(seatOf(client), from) });
    }
  }

  private eventsFor(seat: Seat | null, from: number): LogEvent[] {
    const visible: LogEvent[] = [];
    for (let i = from; i < this.events.length; i++) {
      const event = this.game.viewEvent(this.events[i]!, seat);
      if (event) visible.push(event);
    }
    return visible;
  }
}

/** What the lobby shows of a table. */
export function tableListing(game: AnyGame, status: TableStatus, slots: readonly SeatSlot[], createdAt: number): TableListing {
  const seats = slots.map((slot) => ({ seat: slot.schema.seat, kind: slot.kind, name: slot.name }));
  return {
    game: game.id,
    gameTitle: game.title,
    status,
    seats,
    seatsTaken: seats.filter((seat) => seat.kind !== "open").length,
    seatsTotal: seats.length,
    createdAt,
  };
}
