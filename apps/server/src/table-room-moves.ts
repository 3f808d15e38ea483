/**
 * A move's way through the table (part of TableRoom, table-room.ts): the checks, the rules, the
 * store, then the patch to everyone (docs/sync.md); and the game's end, stored before it is shown.
 */
import { ActionConflict, OwnershipLost } from "@saloon/db";
import { type ActionBase, type FinalScores, type GameError, type LogEvent, type Seat, cloneJson } from "@saloon/engine";
import { CLOSE_CODES, MAX_ACTION_BYTES, actionMessage } from "@saloon/protocol";
import { describeIssues, jsonSize } from "./table-options.ts";
import type { TableRoom } from "./table-room.ts";
import { keepWhileEmpty } from "./table-room-absence.ts";
import { showUndo } from "./table-room-requests.ts";
import { endGrace, type TableClient } from "./table-seats.ts";
import type { Projection } from "./table-sync.ts";
import { sendingTogether } from "./transport.ts";
import { moveTiming } from "./move-timing.ts";
import { monotonicFrom, moveTrace } from "./move-trace.ts";

export function onAction(room: TableRoom, client: TableClient, payload: unknown): void {
  const receivedAt = performance.now();
  if (!room.allow(client, "action")) return;
  const size = jsonSize(payload);
  if (size === null || size > MAX_ACTION_BYTES) {
    room.reject(client, "action", { code: "BAD_MESSAGE", message: `An action is a JSON object of at most ${MAX_ACTION_BYTES} bytes` });
    return;
  }
  const shape = actionMessage.safeParse(payload);
  if (!shape.success) {
    room.reject(client, "action", { code: "BAD_MESSAGE", message: `Not an action: ${describeIssues(shape.error)}` });
    return;
  }
  const seat = room.seatOf(client);
  if (seat === null) {
    room.reject(client, "action", { code: "NOT_SEATED", message: "Only a seated player can act; spectators watch" });
    return;
  }
  const status = room.status();
  if (status === "waiting") {
    room.reject(client, "action", { code: "NOT_STARTED", message: "The game starts when every seat is taken" });
    return;
  }
  if (status !== "playing" || room.game.isOver(room.gameState) || room.halted || room.failed || room.ending) {
    room.reject(client, "action", { code: "GAME_OVER", message: status === "abandoned" || room.ending ? "The game was ended before its end" : "The game is over" });
    return;
  }
  const error = perform(room, seat, payload, receivedAt);
  if (error) room.reject(client, "action", error);
}

/**
 * Applies one action for a seat. Returns the rules' refusal, or null once it is accepted; it
 * goes out once stored.
 */
export function perform(room: TableRoom, seat: Seat, action: unknown, receivedAt = performance.now()): GameError | null {
  const result = room.game.apply(room.gameState, seat, action);
  if (!result.ok) return result.error;

  // Everything that calls into the game comes first: if it throws, nothing has changed yet.
  const over = room.game.isOver(result.state);
  const scores = over ? room.game.scores(result.state) : null;
  const projection = room.sync.project(result.state, !over);

  const before = room.gameState;
  room.gameState = result.state;
  // A bot playing for an absent person is no person: its step can never be taken back.
  const byPerson = room.slots[seat]?.kind === "human";
  const index = room.actedBy.length;
  room.actedBy.push(seat);
  room.undo.accepted(room.game, index, seat, before, result.state, byPerson);
  const logged = cloneJson(action) as ActionBase;
  room.bots.accepted(seat, logged);
  if (over) room.bots.stop();
  const stored = room.recorder.action(index, seat, logged, new Date(), byPerson);
  const queuedAt = performance.now();
  moveTiming.apply.record(queuedAt - receivedAt);
  let committedAt = 0;
  void stored.then(() => {
    committedAt = performance.now();
    moveTiming.commit.record(committedAt - queuedAt);
  }, () => undefined);
  room.publishing = room.publishing
    .then(() => stored)
    .then(
      () => {
        const published = publishAccepted(room, index, seat, result.events, projection, scores);
        const sentAt = performance.now();
        moveTiming.publish.record(sentAt - committedAt);
        moveTiming.total.record(sentAt - receivedAt);
        if (moveTrace && byPerson) moveTrace.move(room.roomId, index + 1, monotonicFrom(receivedAt), monotonicFrom(committedAt), monotonicFrom(sentAt));
        return published;
      },
      (error: unknown) => halt(room, error),
    )
    // Publishing runs after the write, outside any message handler: a fault there (a game's
    // event filter, say) fails this table alone instead of escaping to the process.
    .catch((error: unknown) => (error instanceof OwnershipLost ? halt(room, error) : room.failTable(error, "publish")));
  return null;
}

/** Action `index` (by `seat`) is stored: now everyone sees it, and the bots may answer it. */
function publishAccepted(room: TableRoom, index: number, seat: Seat, events: LogEvent[], projection: Projection, scores: FinalScores | null): Promise<void> | void {
  if (room.halted || room.failed || room.status() === "abandoned") return;
  const from = room.events.append(events);
  room.undo.published(index, from);
  showUndo(room);
  room.state.version = index + 1;
  showActed(room, seat, index + 1);
  room.sync.write(projection);
  // The patch and the log message leave each connection in one write.
  sendingTogether(room.clients, () => {
    room.pulse.patchNow();
    room.sync.sendEvents(room.clients, (client) => room.seatOf(client), from);
  });
  if (scores) return finish(room, scores);
  room.bots.schedule();
}

/**
 * The version right after `seat`'s latest action, given who made each action (0: none): what its
 * `acted` shows once those actions are published (a rebuild, a step taken back).
 */
export function standingActed(actedBy: readonly Seat[], seat: Seat): number {
  for (let index = actedBy.length - 1; index >= 0; index--) if (actedBy[index] === seat) return index + 1;
  return 0;
}

/** Shows `seat` (in its private part) the version that carries its latest standing action. */
export function showActed(room: TableRoom, seat: Seat, version: number): void {
  const secret = room.slots[seat]?.schema.secret;
  if (secret && secret.acted !== version) secret.acted = version;
}

/** The game is over: the result is stored, then shown. */
export async function finish(room: TableRoom, scores: FinalScores): Promise<void> {
  await room.recorder.finished(new Date(), scores);
  room.state.status = "finished";
  room.state.result = JSON.stringify(scores);
  for (const slot of room.slots) endGrace(slot);
  room.publish();
  room.log.info({ actions: room.actedBy.length, winners: scores.winners }, "game finished");
  room.endListing();
  keepWhileEmpty(room);
  if (room.clients.length === 0) void room.disconnect();
}

/**
 * A write that will never succeed here: this copy of the table stops; the stored match stays as
 * it is. The people are sent off once what the table had on its way to the store has landed or
 * been dropped (a row not yet sent is never shown), so the copy they come back to has every move
 * they saw; a store that does not answer holds them at most HALT_WAIT_MS. Settles then.
 */
export function halt(room: TableRoom, error: unknown): Promise<void> {
  if (room.halted) return room.stopped;
  room.halted = true;
  room.bots.stop();
  const elsewhere = error instanceof ActionConflict || error instanceof OwnershipLost;
  room.log.error({ err: error }, elsewhere ? "this table runs on another process now; closing this copy" : "the store refused this table's moves; closing it");
  const writesSettled = room.recorder.stopWriting().catch(() => undefined);
  room.stopped = Promise.race([writesSettled, sleep(HALT_WAIT_MS)]).then(() => {
    // Clients reconnect through the matchmaker and land on the copy that runs.
    void room.disconnect(CLOSE_CODES.moved);
  });
  return room.stopped;
}

/** Longest a halting table keeps its people while its last writes are still out. */
const HALT_WAIT_MS = 2000;
const sleep = (ms: number) => new Promise<void>((done) => setTimeout(done, ms).unref());
