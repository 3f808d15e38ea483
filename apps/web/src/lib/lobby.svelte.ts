/** The live list of public tables, fed by the server's LobbyRoom ("rooms", "+", "-"). */
import type { Room, RoomAvailable } from "@colyseus/sdk";
import { GUEST_TOKEN_HEADER, LOBBY_MESSAGES, LOBBY_ROOM, type MyTable, TABLE_ROOM, type TableListing } from "@saloon/protocol";
import { colyseus, errorText, httpUrl } from "./server.ts";

/** The running games this guest sits at, on any server process and from any tab (GET /api/my-tables). */
export async function fetchMyTables(token: string, fetchImpl: typeof fetch = fetch): Promise<MyTable[]> {
  const response = await fetchImpl(httpUrl("/api/my-tables"), { headers: { accept: "application/json", [GUEST_TOKEN_HEADER]: token } });
  if (!response.ok) throw new Error(`The server answered ${response.status} for your tables.`);
  const body: unknown = await response.json();
  return Array.isArray(body) ? (body as MyTable[]) : [];
}

export type Listing = RoomAvailable<TableListing>;

export class LobbyFeed {
  tables = $state.raw<Listing[]>([]);
  connection = $state<"connecting" | "open" | "failed">("connecting");
  failure = $state("");
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
        this.tables = rooms.filter(isTable);
      });
      room.onMessage(LOBBY_MESSAGES.added, ([roomId, listing]: [string, Listing]) => {
        const rest = this.tables.filter((t) => t.roomId !== roomId);
        this.tables = isTable(listing) ? [...rest, listing] : rest;
      });
      room.onMessage(LOBBY_MESSAGES.removed, (roomId: string) => {
        this.tables = this.tables.filter((t) => t.roomId !== roomId);
      });
      room.onLeave(() => {
        if (!this.#closed) {
          this.connection = "failed";
          this.failure = "Lost the connection to the lobby.";
        }
      });
      this.connection = "open";
    } catch (error) {
      this.connection = "failed";
      this.failure = errorText(error);
    }
  }

  close(): void {
    this.#closed = true;
    void this.#room?.leave(true).catch(() => undefined);
    this.#room = null;
  }
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
