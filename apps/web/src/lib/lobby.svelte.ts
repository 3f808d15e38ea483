/** The live list of public tables, fed by the server's LobbyRoom ("rooms", "+", "-"). */
import type { Room, RoomAvailable } from "@colyseus/sdk";
import { GUEST_TOKEN_HEADER, LOBBY_MESSAGES, LOBBY_ROOM, type MyTable, TABLE_ROOM, type TableListing } from "@saloon/protocol";
import { m } from "../paraglide/messages.js";
import { ServerAnswer, colyseus, errorText, httpUrl } from "./server.ts";

/** The running games this guest sits at, on any server process and from any tab (GET /api/my-tables). */
export async function fetchMyTables(token: string, fetchImpl: typeof fetch = fetch): Promise<MyTable[]> {
  const response = await fetchImpl(httpUrl("/api/my-tables"), { headers: { accept: "application/json", [GUEST_TOKEN_HEADER]: token } });
  if (!response.ok) throw new ServerAnswer(response.status, "tables");
  const body: unknown = await response.json();
  return Array.isArray(body) ? (body as MyTable[]) : [];
}

export type Listing = RoomAvailable<TableListing>;

/** How many ended tables the lobby keeps pointing to (newest first). */
const ENDED_KEPT = 6;

export class LobbyFeed {
  /** Tables still waiting or playing. */
  tables = $state.raw<Listing[]>([]);
  /**
   * Tables that ended while this lobby was open, newest first: they leave the list and point to
   * their replay (the server announces the end, then takes the table off the list).
   */
  ended = $state.raw<Listing[]>([]);
  connection = $state<"connecting" | "open" | "failed">("connecting");
  /** Why the feed failed, in the reader's language (a function, so a language switch re-says it). */
  #failure = $state.raw<() => string>(() => "");
  get failure(): string {
    return this.#failure();
  }
  #room: Room | null = null;
  #closed = false;

  async open(): Promise<void> {
    this.connection = "connecting";
    try {
      const room = await colyseus().joinOrCreate(LOBBY_ROOM, { filter: { name: TABLE_ROOM } });
      if (this.#closed) {
        void room.leave(true);
        return;
      }
      this.#room = room;
      room.onMessage(LOBBY_MESSAGES.rooms, (rooms: Listing[]) => {
        this.tables = rooms.filter((listing) => isTable(listing) && !hasEnded(listing));
      });
      room.onMessage(LOBBY_MESSAGES.added, ([roomId, listing]: [string, Listing]) => {
        const rest = this.tables.filter((t) => t.roomId !== roomId);
        if (!isTable(listing)) this.tables = rest;
        else if (!hasEnded(listing)) this.tables = [...rest, listing];
        else {
          this.tables = rest;
          this.ended = [listing, ...this.ended.filter((t) => t.roomId !== roomId)].slice(0, ENDED_KEPT);
        }
      });
      room.onMessage(LOBBY_MESSAGES.removed, (roomId: string) => {
        this.tables = this.tables.filter((t) => t.roomId !== roomId);
      });
      room.onLeave(() => {
        if (!this.#closed) {
          this.connection = "failed";
          this.#failure = m.lobby_feed_lost;
        }
      });
      this.connection = "open";
    } catch (error) {
      this.connection = "failed";
      this.#failure = () => errorText(error);
    }
  }

  close(): void {
    this.#closed = true;
    void this.#room?.leave(true).catch(() => undefined);
    this.#room = null;
  }
}

function hasEnded(listing: Listing): boolean {
  return listing.metadata?.status === "finished" || listing.metadata?.status === "abandoned";
}

function isTable(listing: Listing | undefined): listing is Listing {
  return !!listing && (listing.name === undefined || listing.name === TABLE_ROOM) && !!listing.metadata;
}

const STATUS_ORDER = { waiting: 0, playing: 1, finished: 2, abandoned: 3 } as const;

/** Waiting tables first (they need people), then running, then finished; newest first within. */
export function sortTables(tables: readonly Listing[]): Listing[] {
  return [...tables].sort(
    (a, b) =>
      (STATUS_ORDER[a.metadata?.status ?? "finished"] ?? 3) - (STATUS_ORDER[b.metadata?.status ?? "finished"] ?? 3) ||
      (b.metadata?.createdAt ?? 0) - (a.metadata?.createdAt ?? 0),
  );
}
