/**
 * Colyseus's lobby, hardened. Issue #9: an unknown message type of 87 bytes or more made the
 * built-in lobby close the connection with a reason longer than WebSocket's 123-byte limit; `ws`
 * threw and the process exited. Here an unknown message gets a typed error instead, and a client
 * that floods is closed at once (the lobby holds nothing to come back to).
 */
import { type AuthContext, ErrorCode, LobbyRoom, type RoomException, ServerError } from "@colyseus/core";
import { type ErrorMessage, SERVER_MESSAGES, formatJoinError } from "@saloon/protocol";
import type { Logger } from "pino";
import { isPlainOptions, matchmakeRequestOf } from "./matchmake-request.ts";
import { describeType } from "./table-room.ts";

export interface LobbySettings {
  logger: Logger;
  /** Messages one connection may send per second before it is closed. */
  maxMessagesPerSecond: number;
}

export function lobbyRoomWith(settings: LobbySettings): typeof LobbyRoom {
  const log = settings.logger.child({ component: "lobby" });
  return class SaloonLobbyRoom extends LobbyRoom {
    /** One lobby: joined, never created on request (each one would live for good), with object options. */
    static override async onAuth(_token: string, options: unknown, context: AuthContext): Promise<true> {
      const { method } = matchmakeRequestOf(context);
      if (method !== "joinOrCreate" && method !== "join") {
        throw new ServerError(ErrorCode.APPLICATION_ERROR, formatJoinError("BAD_OPTIONS", "Join the lobby with joinOrCreate"));
      }
      if (!isPlainOptions(options)) throw new ServerError(ErrorCode.APPLICATION_ERROR, formatJoinError("BAD_OPTIONS", "Options are an object"));
      return true;
    }

    override async onCreate(options: unknown): Promise<void> {
      await super.onCreate(options);
      // One lobby for the life of the process: when it disposed itself on becoming empty, a
      // join racing the disposal was refused as "already full" (found by the fuzzer).
      this.autoDispose = false;
      this.maxMessagesPerSecond = settings.maxMessagesPerSecond;
      this.onMessage("*", (client, type) => {
        const error: ErrorMessage = { code: "UNKNOWN_MESSAGE", message: `No message "${describeType(type)}" here; send "filter"` };
        client.send(SERVER_MESSAGES.error, error);
      });
    }

    override onUncaughtException(error: RoomException, method: string): void {
      log.warn({ err: error.cause ?? error, method }, "lobby: a client's input failed");
    }
  };
}
