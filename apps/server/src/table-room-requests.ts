/**
 * A seated person's smaller requests (part of TableRoom, table-room.ts): take back a step, check
 * whether a step would be final, change the bots' pace or hurry them (issue #15 items 3 and 5),
 * and chat.
 */
import { ActionConflict, OwnershipLost } from "@saloon/db";
import { stepPreview } from "@saloon/engine";
import { MAX_ACTION_BYTES, SERVER_MESSAGES, botPaceMessage } from "@saloon/protocol";
import { describeIssues, jsonSize } from "./table-options.ts";
import type { TableRoom } from "./table-room.ts";
import { halt, showActed, standingActed } from "./table-room-moves.ts";
import type { TableClient } from "./table-seats.ts";
import type { Projection } from "./table-sync.ts";
import type { UndoStep } from "./table-undo.ts";

/** A "quick" bot waits this share of the server's (normal) bot delay per step. */
const QUICK_BOT_SHARE = 0.3;

/** Takes back the sender's last step of its turn, if it may (table-undo.ts); everyone sees the game as before it. */
export function onUndo(room: TableRoom, client: TableClient): void {
  if (!room.allow(client, "undo")) return;
  const seat = room.seatOf(client);
  if (seat === null) return room.reject(client, "undo", { code: "NOT_SEATED", message: "Only a seated player can take back a step" });
  if (room.status() !== "playing" || room.halted || room.failed || room.ending) {
    return room.reject(client, "undo", { code: room.status() === "waiting" ? "NOT_STARTED" : "GAME_OVER", message: "There is no game going on to take a step back in" });
  }
  const owes = room.game.prompts(room.gameState).some((prompt) => prompt.seat === seat);
  const step = room.undo.take(seat, owes);
  if ("code" in step) return room.reject(client, "undo", step);
  const projection = room.sync.project(step.before, true);
  room.gameState = step.before;
  room.actedBy.length = step.index;
  room.bots.rewound();
  // Read now: later moves may join the list before this is published.
  const acted = standingActed(room.actedBy, seat);
  room.log.info({ seat, index: step.index }, "step taken back");
  // Deleted from the store after the step's own write, and before any later move is written.
  const stored = room.recorder.takeBack(step.index);
  room.publishing = room.publishing
    .then(() => stored)
    .then(
      () => publishUndo(room, step, projection, acted),
      (error: unknown) => halt(room, error),
    )
    .catch((error: unknown) => (error instanceof OwnershipLost ? halt(room, error) : room.failTable(error, "publish")));
}

/**
 * The take-back is stored: the step's log events go, a note that it was taken back comes, everyone
 * sees the game as before it. The seat's `acted` goes back to its step before, so that its next
 * step, which gets the taken-back step's version, still changes it.
 */
function publishUndo(room: TableRoom, step: UndoStep, projection: Projection, acted: number): void {
  if (room.halted || room.failed || room.status() === "abandoned") return;
  if (step.eventsFrom !== null) room.events.truncate(step.eventsFrom);
  room.events.append([{ type: "tookBack", seat: step.seat }]);
  showUndo(room);
  showActed(room, step.seat, acted);
  room.state.version = step.index;
  room.sync.write(projection);
  room.pulse.patchNow();
  // The log lost entries: every client gets it whole again (a log message from 0 replaces it).
  for (const client of room.clients) room.sync.sendHistory(client, room.seatOf(client));
}

/** Each seat's count of steps it can take back, in its private part of the state. */
export function showUndo(room: TableRoom): void {
  for (const slot of room.slots) {
    const count = Math.min(255, room.undo.available(slot.schema.seat));
    if (slot.schema.secret!.undo !== count) slot.schema.secret!.undo = count;
  }
}

export function setBotPace(room: TableRoom, pace: string | undefined): void {
  room.botPace = pace === "instant" || pace === "quick" ? pace : "normal";
  room.state.botPace = room.botPace;
}

/** A seated person changes how fast the bots play; everyone at the table sees the new pace. */
export function onBotPace(room: TableRoom, client: TableClient, payload: unknown): void {
  if (!room.allow(client, "bot-pace")) return;
  if (room.seatOf(client) === null) return room.reject(client, "bot-pace", { code: "NOT_SEATED", message: "Only a seated player can change the bots' pace" });
  const parsed = botPaceMessage.safeParse(payload);
  if (!parsed.success) return room.reject(client, "bot-pace", { code: "BAD_MESSAGE", message: `Not a bot pace: ${describeIssues(parsed.error)}` });
  if (parsed.data.pace === room.botPace) return;
  setBotPace(room, parsed.data.pace);
  room.recorder.tableChanged({ botPace: room.botPace });
  room.log.info({ seat: room.seatOf(client), pace: room.botPace }, "bot pace changed");
  room.bots.reschedule();
}

/** Would this action of the sender's be final? Tried on the current game, which stays as it is. */
export function onCheckStep(room: TableRoom, client: TableClient, payload: unknown): void {
  if (!room.allow(client, "check-step")) return;
  const seat = room.seatOf(client);
  if (seat === null) return room.reject(client, "check-step", { code: "NOT_SEATED", message: "Only a seated player has steps to check" });
  if (room.status() !== "playing") return room.reject(client, "check-step", { code: "NOT_STARTED", message: "There is no game going on" });
  const size = jsonSize(payload);
  if (size === null || size > MAX_ACTION_BYTES) return room.reject(client, "check-step", { code: "BAD_MESSAGE", message: `An action is a JSON object of at most ${MAX_ACTION_BYTES} bytes` });
  const result = room.game.apply(room.gameState, seat, payload);
  if (!result.ok) return room.reject(client, "check-step", result.error);
  client.send(SERVER_MESSAGES.stepCheck, { ...stepPreview(room.game, room.gameState, result.state, seat), option: payload, version: room.state.version });
}

/** "Skip ahead": the bots play their pending steps at once, one by one, until a person is asked. */
export function onSkipBots(room: TableRoom, client: TableClient): void {
  if (!room.allow(client, "skip-bots")) return;
  if (room.seatOf(client) === null) return room.reject(client, "skip-bots", { code: "NOT_SEATED", message: "Only a seated player can hurry the bots" });
  if (room.status() !== "playing") return room.reject(client, "skip-bots", { code: "NOT_STARTED", message: "The bots play only while the game is on" });
  room.bots.hurry();
}

/** The bots' wait per step at the table's pace: "normal" is the server's bot delay. */
export function botDelay(room: TableRoom): number {
  const normal = room.settings.botDelayMs;
  return room.botPace === "instant" ? 0 : room.botPace === "quick" ? Math.round(normal * QUICK_BOT_SHARE) : normal;
}

/**
 * A chat message (table-chat.ts): checked, stored with the match, then shown to everyone at the
 * table. It goes out in turn with the moves (after those accepted before it, before those
 * accepted after it), so its move number is what everyone had seen when it came; its write
 * shares the moves' group commit, so the moves after it wait no longer than they would anyway.
 */
export function onChat(room: TableRoom, client: TableClient, payload: unknown): void {
  const data = client.userData;
  if (!data || !room.allow(client, "chat") || room.halted || room.failed) return;
  const seat = room.seatOf(client);
  const sender = { seat, name: seat === null ? data.name : room.slots[seat]!.name, person: data.person };
  const line = room.chat.accept(sender, payload, room.actedBy.length, Date.now());
  if ("code" in line) return room.reject(client, "chat", line);
  const stored = room.recorder.chat(line);
  room.publishing = room.publishing
    .then(() => stored)
    .then(
      () => {
        if (room.halted || room.failed) return;
        room.chat.published(line);
        room.broadcast(SERVER_MESSAGES.chat, { lines: [line], replace: false });
      },
      (error: unknown) => {
        if (error instanceof OwnershipLost || error instanceof ActionConflict) return halt(room, error);
        // The store refused the line itself: it is not shown, and its writer is told.
        room.log.error({ err: error, chat: line.index }, "a chat line could not be stored");
        if (room.clients.includes(client)) room.reject(client, "chat", { code: "INTERNAL_ERROR", message: "Your chat message could not be stored; it was not sent" });
      },
    )
    .catch((error: unknown) => room.failTable(error, "publish chat"));
}
