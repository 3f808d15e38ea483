/**
 * The buffers Colyseus encodes a table's state into, shared by every table of this process.
 *
 * Colyseus gives each room two buffers of Encoder.BUFFER_SIZE (16 KiB) when its state is set (one
 * for the full state sent at a join, one for patches) and replaces the patches' one with a 32 KiB
 * one at the first patch it encodes for a client's view: 64 KiB allocated, zeroed and counted
 * against the heap per table, ~0.2 ms a table (64 MB and ~0.2 s of CPU while 1,000 tables are
 * rebuilt after a restart, with nobody able to see any of them yet; docs/recovery.md).
 *
 * Sharing them is sound because nothing Colyseus sends a table's client points into them:
 * - every encoding runs synchronously from start to end (a patch, a full state), so one table's
 *   never interleaves with another's;
 * - a table's state has view-filtered fields (each seat's secret), and every client of a table
 *   has a StateView from onJoin on, so what Colyseus sends is always a fresh copy: the patch for
 *   a view and the full state for a view are each concatenated into new bytes (the shared part
 *   and the view's part), never a slice of the buffer (a client without a view, or a state
 *   without filters, would get a slice: tables with such a state keep Colyseus's own buffers,
 *   and a client without a view gets copies, guarded below);
 * - the full state's buffer doubles as a cache of the state's shared part between two joins with
 *   no change in between: with the buffer shared that cache is not kept (each full state is
 *   encoded anew, as it already is after any change).
 * A buffer too small for an encoding is grown by Colyseus as before (it warns on the console).
 */
import { Protocol } from "@colyseus/core";
import { Encoder } from "@colyseus/schema";
import type { TableRoom } from "./table-room.ts";

/** Far above any table's state today (the largest, El Gaucho's at four seats, ~10 KiB in full). */
const SHARED_BYTES = 64 * 1024;

let shared: { fullState: Uint8Array; patches: Uint8Array } | undefined;

interface Serializer {
  hasFilters: boolean;
  needFullEncode: boolean;
  fullEncodeBuffer: Uint8Array;
  encoder: { sharedBuffer: Uint8Array; encode(...args: unknown[]): Uint8Array };
  getFullState(client: unknown, timing: unknown): Uint8Array;
  applyPatches(clients: readonly { view?: unknown }[], state: unknown, timing: unknown): boolean;
}

/**
 * Whether the patch being encoded goes to a client without a view: Colyseus sends such a client
 * the shared changes as they lie in the buffer (a slice of it). Set around one synchronous
 * applyPatches, read by the encoder's encode inside it.
 */
let patchForViewless = false;

type WithOwnApplyPatches = Serializer & { ownApplyPatches: Serializer["applyPatches"] };

/** A table's serializer's applyPatches: notes whether a client without a view is among those patched. */
function applyPatchesNotingViewless(this: WithOwnApplyPatches, clients: readonly { view?: unknown }[], state: unknown, timing: unknown): boolean {
  patchForViewless = clients.some((client) => !client.view);
  try {
    return this.ownApplyPatches(clients, state, timing);
  } finally {
    patchForViewless = false;
  }
}

/** Sets a table's state (`setState`) with the shared encoding buffers instead of buffers of its own. */
export function withSharedEncodingBuffers(room: TableRoom, setState: () => void): void {
  const size = Encoder.BUFFER_SIZE;
  // Colyseus allocates the room's buffers when its state is set, at this size: none for now.
  Encoder.BUFFER_SIZE = 0;
  try {
    setState();
  } finally {
    Encoder.BUFFER_SIZE = size;
  }
  const serializer = (room as unknown as { _serializer?: Serializer })._serializer;
  if (!serializer?.encoder) return;
  if (!serializer.hasFilters) {
    // Its frames would be slices of the buffers (see above): buffers of its own, as Colyseus makes them.
    serializer.fullEncodeBuffer = new Uint8Array(size);
    serializer.fullEncodeBuffer[0] = Protocol.ROOM_STATE;
    serializer.encoder.sharedBuffer = new Uint8Array(size);
    return;
  }
  shared ??= { fullState: new Uint8Array(SHARED_BYTES), patches: new Uint8Array(SHARED_BYTES) };
  shared.fullState[0] = Protocol.ROOM_STATE;
  serializer.fullEncodeBuffer = shared.fullState;
  serializer.encoder.sharedBuffer = shared.patches;
  const getFullState = serializer.getFullState;
  serializer.getFullState = function fullStateAnew(this: Serializer, client: unknown, timing: unknown) {
    // The shared part in the buffer may be another table's now: encode it again.
    this.needFullEncode = true;
    const bytes = getFullState.call(this, client, timing);
    // Belt and braces: every client of a table has a view from onJoin on, so the bytes are a
    // fresh copy; should one ever come without a view, they would be a slice of the buffer every
    // table writes into, and a frame still waiting in a socket could carry another table's
    // bytes. Such a client gets a copy of its own.
    return (client as { view?: unknown } | undefined)?.view ? bytes : bytes.slice();
  };
  // The same for a patch: a client without a view gets the changes as a copy of their own.
  const withOwn = serializer as WithOwnApplyPatches;
  withOwn.ownApplyPatches = serializer.applyPatches;
  serializer.applyPatches = applyPatchesNotingViewless;
  const encode = serializer.encoder.encode;
  serializer.encoder.encode = function encodeForViewless(this: unknown, ...args: unknown[]) {
    const bytes = encode.apply(this, args);
    return patchForViewless ? bytes.slice() : bytes;
  };
}

/** The buffers every table shares (for tests). */
export function sharedEncodingBuffers(): { fullState: Uint8Array; patches: Uint8Array } | undefined {
  return shared;
}
