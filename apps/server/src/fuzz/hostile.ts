/**
 * What the fuzzer sends: seeded, so a run can be repeated. Random values of every shape msgpack
 * and JSON can carry, and structured attacks aimed at the checks the server makes (wrong types,
 * huge strings, deep nesting, `__proto__` keys, NaN and overflowing numbers, other seats' and
 * out-of-turn actions, bad create and join options, garbage frames, hostile queries).
 */
import type { Random } from "@saloon/engine";

const NASTY_STRINGS = [
  "",
  "\u0000",
  "\u001b[2J\u001b[31m",
  "\u202eevil\u202c",
  "<script>alert(1)</script>",
  "'; DROP TABLE \"Match\"; --",
  "%",
  "_",
  "\\",
  "\ud800",
  "🤠".repeat(30),
  "constructor",
  "__proto__",
  "toString",
  "a".repeat(257),
];

const NASTY_NUMBERS = [NaN, Infinity, -Infinity, -0, 2 ** 53 + 1, -(2 ** 63), 1e308, 0.5, -1, 255, 256, 65_536, 2 ** 32];

/** A random value of any shape, `depth` levels deep at most; strings stay within `maxString`. */
export function anyValue(random: Random, depth = 4, maxString = 600): unknown {
  const kind = random.int(0, depth > 0 ? 9 : 5);
  switch (kind) {
    case 0:
      return null;
    case 1:
      return random.pick([true, false]);
    case 2:
      return random.pick(NASTY_NUMBERS);
    case 3:
      return random.int(-1000, 1000);
    case 4:
      return random.pick(NASTY_STRINGS);
    case 5:
      return "x".repeat(random.int(0, maxString));
    case 6:
      return Array.from({ length: random.int(0, 6) }, () => anyValue(random, depth - 1, maxString));
    case 7:
      return nested(random.int(10, 200));
    case 8:
      return withProtoKeys(random, depth - 1);
    default: {
      const object: Record<string, unknown> = {};
      for (let i = random.int(0, 6); i > 0; i--) object[random.pick(NASTY_STRINGS) || `k${i}`] = anyValue(random, depth - 1, maxString);
      return object;
    }
  }
}

/** `{ inner: { inner: … } }`, `depth` levels. */
export function nested(depth: number): unknown {
  let value: unknown = "bottom";
  for (let i = 0; i < depth; i++) value = { inner: value };
  return value;
}

/** An object with own `__proto__` / `constructor` keys, as JSON.parse makes them. */
function withProtoKeys(random: Random, depth: number): unknown {
  return JSON.parse(`{"__proto__":{"polluted":true,"seat":1},"constructor":{"prototype":{"x":1}},"type":"${random.pick(["take", "place", "play"])}","v":${JSON.stringify(anyValue(random, Math.max(0, depth), 40)) ?? "null"}}`);
}

/** Action payloads that no seat may have sent legally (the sender is not seated, not on turn, or the action is junk). */
export function hostileAction(random: Random): unknown {
  switch (random.int(0, 11)) {
    case 0:
      return { type: "placeSign", building: `T${random.int(0, 99)}`, seat: random.int(0, 3) };
    case 1:
      return { type: random.pick(["take", "direction", "place", "resolve", "upgrade", "pass", "ante", "play"]), seat: 1, location: "T3", direction: "cw" };
    case 2:
      return { type: "take", location: random.pick(["T1", "saloon", "T99", "", "\u0000"]) };
    case 3:
      return { type: "x".repeat(random.int(41, 300)) };
    case 4:
      return { type: 7 };
    case 5:
      return { type: "take", deep: nested(random.int(9, 50)) };
    case 6:
      return { type: "take", pad: "p".repeat(random.int(2000, 9000)) };
    case 7:
      return withProtoKeys(random, 2);
    case 8:
      return { type: "place", n: random.pick(NASTY_NUMBERS), big: BigInt(2) ** BigInt(63) - BigInt(1), tiny: -(BigInt(2) ** BigInt(63)) };
    case 9:
      return [random.pick(["take", "place"])];
    case 10:
      return Uint8Array.from({ length: random.int(0, 64) }, () => random.int(0, 255));
    default:
      return anyValue(random);
  }
}

/** A table chat message: sometimes fine, mostly too long, empty, the wrong shape or full of nasty text. */
export function hostileChat(random: Random): unknown {
  switch (random.int(0, 4)) {
    case 0:
      return { text: random.pick(NASTY_STRINGS) || "x" };
    case 1:
      return { text: "<script>alert(1)</script>".repeat(random.int(1, 200)) };
    case 2:
      return { text: "\u0000\u202e\ud800 ".repeat(random.int(1, 50)) };
    case 3:
      return { text: random.pick(NASTY_STRINGS), extra: anyValue(random, 2) };
    default:
      return anyValue(random, 3, 400);
  }
}

/** Message types a room does not know, some long, some numeric. */
export function hostileType(random: Random): string | number {
  switch (random.int(0, 5)) {
    case 0:
      return "action";
    case 1:
      return random.int(-5, 300);
    case 2:
      return "t".repeat(random.int(80, 200));
    case 3:
      return random.pick(NASTY_STRINGS) || "empty";
    case 4:
      return random.pick(["filter", "__proto__", "*", "seated", "error", "log", "chat"]);
    default:
      return `cheat-${random.int(0, 99)}`;
  }
}

/** A frame that is not what Colyseus expects: wrong protocol codes, cut off, not msgpack. */
export function garbageFrame(random: Random): Uint8Array {
  switch (random.int(0, 5)) {
    case 0:
      return Uint8Array.from({ length: random.int(0, 64) }, () => random.int(0, 255));
    case 1:
      return Uint8Array.of(13); // ROOM_DATA with no type
    case 2:
      return Uint8Array.of(13, 0xa3, 0x61, 0x62); // a type cut short
    case 3:
      return Uint8Array.of(13, 0xa1, 0x78, 0xc1, 0xc1, 0xff); // not msgpack
    case 4:
      return Uint8Array.of(random.pick([10, 11, 12, 14, 15, 16, 17, 18, 19, 20, 30, 99, 255]), ...Array.from({ length: random.int(0, 20) }, () => random.int(0, 255)));
    default:
      return Uint8Array.of(13, 0xdb, 0xff, 0xff, 0xff, 0x7f); // a string claiming 2 GB
  }
}

/** Create or join options that must be refused with a typed reason (or do no harm if accepted). */
export function hostileOptions(random: Random, token: string): unknown {
  const base = { game: "fistful", seats: 2, name: "Fuzz", token };
  switch (random.int(0, 13)) {
    case 0:
      return { ...base, game: random.pick(["poker", "", "__proto__", "x".repeat(200)]) };
    case 1:
      return { ...base, seats: random.pick(NASTY_NUMBERS) };
    case 2:
      return { ...base, bots: random.pick([[0, 0], [9], "all", [NaN], Array(50).fill(1)]) };
    case 3:
      return { ...base, name: random.pick(NASTY_STRINGS) };
    case 4:
      return { ...base, token: random.pick(["short", "\u0000".repeat(20), "a".repeat(100), 42]) };
    case 5:
      return { ...base, options: anyValue(random, 3) };
    case 6:
      return JSON.parse(`{"game":"fistful","seats":2,"__proto__":{"name":"Ann","token":"${token}"}}`);
    case 7:
      return { ...base, seat: random.pick(NASTY_NUMBERS) };
    case 8:
      return { ...base, spectate: random.pick(["yes", 1, null, true]) };
    case 9:
      return { ...base, private: random.pick(["no", 0, null]) };
    case 10:
      return random.pick([null, [], "fistful", 7, true]);
    case 11:
      return { ...base, extra: anyValue(random, 3) };
    case 12:
      return nested(random.int(50, 400));
    default:
      return anyValue(random, 3);
  }
}

/** Query strings for GET /api/matches. */
export function hostileQuery(random: Random): string {
  const value = () =>
    random.pick(["%00", "%1b", "%E0%A4%A", "%", "_", "%25", "%5F", "a%20b", "%ZZ", "%C0%80", "%ED%A0%80", "x".repeat(random.int(0, 300)), "Ann", "ann", "-1", "1e9", "NaN"]);
  const key = () => random.pick(["game", "player", "cursor", "limit", "__proto__", "constructor", "x", "player[]", "limit[a]"]);
  return Array.from({ length: random.int(0, 4) }, () => `${key()}=${value()}`).join("&");
}

/** HTTP request bodies for the matchmaker: malformed, oversized in declared length, wrong content types. */
export function hostileBody(random: Random, token: string): { body: string; headers: Record<string, string | number> } {
  const json = (value: unknown) => {
    const text = JSON.stringify(value) ?? "null";
    return { body: text, headers: { "content-type": "application/json", "content-length": Buffer.byteLength(text) } };
  };
  switch (random.int(0, 6)) {
    case 0:
      return { body: "{not json", headers: { "content-type": "application/json", "content-length": 9 } };
    case 1: {
      const text = `"${"a".repeat(8000)}"`;
      return { body: text, headers: { "content-type": "application/json", "content-length": text.length } };
    }
    case 2: // declares 10 MB, sends a little: refused from the header alone
      return { body: '"aaaa', headers: { "content-type": "application/json", "content-length": 10 * 1024 * 1024 } };
    case 3:
      return { body: "game=fistful&seats=2", headers: { "content-type": "application/x-www-form-urlencoded", "content-length": 20 } };
    case 4:
      return { body: "[".repeat(5000) + "]".repeat(5000), headers: { "content-type": "application/json", "content-length": 10_000 } };
    case 5:
      return json(hostileOptions(random, token));
    default:
      return json(anyValue(random, 4, 2000));
  }
}
