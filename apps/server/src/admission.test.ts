import { hashToken } from "@saloon/db";
import { describe, expect, it } from "vitest";
import { Admission, arrivalOf, replacedReservations } from "./admission.ts";
import { readJoin, returningJoin } from "./table-options.ts";

const token = "admission-test-token";
const holds = (tokenHash: string) => tokenHash === hashToken(token);

describe("reading a join's options", () => {
  it("reads one options object once: the same join, parse and token hash for every check", () => {
    const options = { name: "Ann", token, game: "fistful", seats: 2 };
    const read = readJoin(options);
    expect(read.join).toEqual({ name: "Ann", token });
    expect(read.parsed.success).toBe(true);
    expect(read.tokenHash).toBe(hashToken(token));
    expect(readJoin(options)).toBe(read);
    // Another object with the same content is read anew (nothing is keyed by content).
    expect(readJoin({ ...options })).not.toBe(read);
  });

  it("reads what is not an object as empty options, refused alike", () => {
    for (const raw of [undefined, null, "x", 3, [token]]) {
      const read = readJoin(raw);
      expect(read.join).toEqual({});
      expect(read.parsed.success).toBe(false);
      expect(read.tokenHash).toBeNull();
    }
  });

  it("gives no token hash to a malformed join, and a spectator's only with a token", () => {
    expect(readJoin({ name: "", token }).tokenHash).toBeNull();
    expect(readJoin({ spectate: true }).tokenHash).toBeNull();
    expect(readJoin({ spectate: true, token }).tokenHash).toBe(hashToken(token));
  });
});

describe("admission's kinds of arrival", () => {
  it("tells a seat's own player, a seeker and a spectator apart, by the token's hash", () => {
    expect(arrivalOf({ name: "Ann", token }, holds)).toBe("holder");
    expect(arrivalOf({ name: "Bob", token: "someone-else-token" }, holds)).toBe("seeker");
    expect(arrivalOf({ spectate: true, token }, holds)).toBe("spectator");
    // Malformed options are seekers (onJoin refuses them), a malformed spectator too.
    expect(arrivalOf({ spectate: true, name: 7 }, holds)).toBe("seeker");
    expect(arrivalOf({ name: "Ann", token, extra: 1 }, holds)).toBe("seeker");
    expect(arrivalOf(undefined, holds)).toBe("seeker");
  });

  it("counts pending reservations by kind, each read once however often the table checks", () => {
    const admission = new Admission(2);
    const pending = [{ spectate: true }, { spectate: true }];
    const table = { holds, openSeats: 1, seats: 2, spectators: 0, pending };
    expect(admission.check({ spectate: true }, table)?.code).toBe("ROOM_FULL");
    expect(admission.check({ name: "Ann", token }, table)).toBeNull();
    expect(admission.check({ name: "Cid", token: "a-third-person-token" }, table)).toBeNull();
    expect(admission.check({ name: "Cid", token: "a-third-person-token" }, { ...table, openSeats: 0 })?.code).toBe("TABLE_FULL");
  });

  it("replaces the same person's earlier reservation for the same kind of place", () => {
    const pending: [string, unknown][] = [
      ["a", { name: "Ann", token }],
      ["b", { spectate: true, token }],
      ["c", { name: "Bob", token: "someone-else-token" }],
    ];
    expect(replacedReservations({ name: "Ann", token, game: "fistful" }, pending)).toEqual(["a"]);
    expect(replacedReservations({ spectate: true, token }, pending)).toEqual(["b"]);
    expect(replacedReservations({ name: "Ann" }, pending)).toEqual([]);
    // Ann coming back by her reconnection token (the server's own options, with her token's hash): the same person.
    expect(replacedReservations(returningJoin("Ann", hashToken(token)), pending)).toEqual(["a"]);
  });

  it("reads a returning join made by the server as the seat's own person, and no client's options as one", () => {
    const returning = returningJoin("Ann", hashToken(token));
    expect(arrivalOf(returning, holds)).toBe("holder");
    expect(readJoin(returning).tokenHash).toBe(hashToken(token));
    // The same fields from a client are a malformed join (no token): a seeker, refused at the join.
    expect(arrivalOf({ name: "Ann" }, holds)).toBe("seeker");
    expect(readJoin({ name: "Ann" }).tokenHash).toBeNull();
  });
});
