/**
 * What a table sends out: the game's views as paths to leaves, public and per seat, written into
 * the schema state touching only the leaves that changed (principle 6, docs/sync.md); the game log,
 * each client's events filtered for its seat; and the table's lobby listing.
 */
import type { AnyGame, LogEvent, Seat } from "@saloon/engine";
import { SERVER_MESSAGES, type TableListing, type TableStatus, flattenMember, viewObject, viewOverrides } from "@saloon/protocol";
import type { SeatSlot, TableClient } from "./table-seats.ts";
import type { TableStateSchema } from "./table-state.ts";

/**
 * The paths one top-level key of a view contributes to a synced map. `text` is the key's JSON
 * (and `base` the public key's, for a seat's overrides): while they stay the same, so do the
 * paths, and nothing under that key is flattened, compared or written again. `value` is what the
 * text was made from: a frozen object (a part of the game state the view shares, frozen all the
 * way down by the engine) that comes again as the same object has the same text, unread.
 */
export interface KeyPaths {
  text: string;
  base: string;
  paths: ReadonlyMap<string, string>;
  value?: unknown;
}

/** The synced part of a game state, key by key: the public view, and per seat its overrides and prompt. */
export interface Projection {
  publicView: Map<string, KeyPaths>;
  seats: { view: Map<string, KeyPaths>; prompt: string }[];
}

const NO_PATHS: ReadonlyMap<string, string> = new Map();

/**
 * The same JSON without reading it: the same primitive, or the same frozen object. Engine states
 * are frozen all the way down (deepFreeze, freezeChanges) and copy-on-write keeps an unchanged
 * part the same object from one state to the next, so most of a view is recognised this way.
 */
function sameText(known: KeyPaths | undefined, value: unknown): boolean {
  if (known === undefined || known.value !== value) return false;
  return value === null || typeof value !== "object" || Object.isFrozen(value);
}

/** Flattens one viewer's views key by key, reusing a key's paths while its JSON text is unchanged. */
class ViewerPaths {
  private last = new Map<string, KeyPaths>();

  /** `shared`: the public view's keys, reused as they are where this view holds the very same value. */
  flatten(view: unknown, shared?: ReadonlyMap<string, KeyPaths>): Map<string, KeyPaths> {
    const next = new Map<string, KeyPaths>();
    for (const [key, value] of Object.entries(viewObject(view))) {
      if (value === undefined) continue;
      const known = this.last.get(key);
      if (known && sameText(known, value)) {
        next.set(key, known);
        continue;
      }
      const public_ = shared?.get(key);
      if (public_ && sameText(public_, value)) {
        next.set(key, public_);
        continue;
      }
      const text = JSON.stringify(value);
      if (known && known.text === text) {
        known.value = value; // the same text: the same paths, and this object to recognise next time
        next.set(key, known);
      } else {
        next.set(key, { text, base: "", paths: flattenMember(key, value), value });
      }
    }
    this.last = next;
    return next;
  }
}

/** A seat's overrides for one key, reused while both the seat's and the public text stay the same. */
function seatKey(own: KeyPaths | undefined, shared: KeyPaths, known: KeyPaths | undefined): KeyPaths {
  const text = own?.text ?? "";
  if (known && known.text === text && known.base === shared.text) return known;
  return { text, base: shared.text, paths: viewOverrides(shared.paths, own?.paths ?? NO_PATHS) };
}

/**
 * Computes what the synced state should hold: the public view for everyone and, per seat, only
 * the paths its own view shows differently, plus its prompt. Pure as far as the table goes (it
 * only remembers paths to reuse), so a projection can be made before its move is committed.
 */
export class Projector {
  private readonly publicPaths = new ViewerPaths();
  private readonly seatPaths: ViewerPaths[] = [];
  private readonly seatKeys: Map<string, KeyPaths>[] = [];

  project(game: AnyGame, gameState: unknown, seatCount: number, playing: boolean): Projection {
    const publicView = this.publicPaths.flatten(game.view(gameState, null));
    const prompts = playing ? game.prompts(gameState) : [];
    const seats = Array.from({ length: seatCount }, (_, seat) => {
      const own = (this.seatPaths[seat] ??= new ViewerPaths()).flatten(game.view(gameState, seat), publicView);
      const known = this.seatKeys[seat] ?? new Map<string, KeyPaths>();
      const view = new Map<string, KeyPaths>();
      for (const [key, mine] of own) {
        const shared = publicView.get(key);
        if (shared && (shared === mine || shared.text === mine.text)) continue;
        const before = known.get(key);
        if (shared) view.set(key, seatKey(mine, shared, before));
        else view.set(key, before && before.base === "" && before.paths === mine.paths ? before : { text: mine.text, base: "", paths: mine.paths });
      }
      // A public key this seat's view lacks: every path of it is ABSENT for the seat.
      for (const [key, shared] of publicView) if (!own.has(key)) view.set(key, seatKey(undefined, shared, known.get(key)));
      this.seatKeys[seat] = view;
      const prompt = prompts.find((p) => p.seat === seat);
      return { view, prompt: prompt ? JSON.stringify(prompt) : "" };
    });
    return { publicView, seats };
  }
}

/**
 * Makes `map` hold the paths of `next` where it held those of `last`, visiting only keys whose
 * text changed, and touching only entries whose text changed: so a patch carries only those.
 */
export function syncKeys(map: Map<string, string>, last: ReadonlyMap<string, KeyPaths>, next: ReadonlyMap<string, KeyPaths>): void {
  for (const [key, old] of last) {
    const now = next.get(key);
    if (now === old) continue;
    for (const path of old.paths.keys()) if (!now?.paths.has(path)) map.delete(path);
  }
  for (const [key, now] of next) {
    if (last.get(key) === now) continue;
    for (const [path, text] of now.paths) if (map.get(path) !== text) map.set(path, text);
  }
}

/** One table's outgoing side: its projection into the synced state and its game log. */
export class TableSync {
  private readonly projector = new Projector();
  /** What the synced state holds now, key by key (the last projection written). */
  private written: Projection = { publicView: new Map(), seats: [] };

  constructor(
    private readonly game: AnyGame,
    private readonly state: TableStateSchema,
    private readonly seatCount: () => number,
    /** The game log so far, owned by the room (every accepted action's events, in order). */
    private readonly events: readonly LogEvent[],
  ) {}

  project(gameState: unknown, playing: boolean): Projection {
    return this.projector.project(this.game, gameState, this.seatCount(), playing);
  }

  /** Writes a projection into the synced state; projections are written in the order they were made. */
  write(projection: Projection): void {
    syncKeys(this.state.view, this.written.publicView, projection.publicView);
    for (const [index, seat] of this.state.seats.entries()) {
      const secret = seat.secret!;
      const mine = projection.seats[index]!;
      syncKeys(secret.view, this.written.seats[index]?.view ?? new Map(), mine.view);
      if (secret.prompt !== mine.prompt) secret.prompt = mine.prompt;
    }
    this.written = projection;
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
