/**
 * table-room-creation.ts: every table shares one encoding of its schema's reflection (the
 * handshake Colyseus sends each joining client), the same bytes Colyseus would encode itself.
 */
import { Encoder, Reflection } from "@colyseus/schema";
import { describe, expect, it } from "vitest";
import type { TableRoom } from "./table-room.ts";
import { shareHandshake } from "./table-room-creation.ts";
import { SeatSchema, TableStateSchema } from "./table-state.ts";

/** The part of a room shareHandshake reads: its state and Colyseus's serializer of it. */
function fakeRoom(state: InstanceType<typeof TableStateSchema>) {
  const serializer: { encoder: Encoder; handshakeCache?: Uint8Array } = { encoder: new Encoder(state) };
  return { room: { state, _serializer: serializer } as unknown as TableRoom, serializer };
}

describe("the schema's handshake", () => {
  it("is encoded once and shared, byte for byte what Colyseus encodes for each table", () => {
    const first = new TableStateSchema();
    const second = new TableStateSchema();
    second.game = "el-paso";
    second.seats.push(new SeatSchema());
    const a = fakeRoom(first);
    const b = fakeRoom(second);
    shareHandshake(a.room);
    shareHandshake(b.room);
    expect(a.serializer.handshakeCache).toBeDefined();
    expect(b.serializer.handshakeCache).toBe(a.serializer.handshakeCache);
    expect([...b.serializer.handshakeCache!]).toEqual([...Reflection.encode(new Encoder(new TableStateSchema()))]);
  });
});
