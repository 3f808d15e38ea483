import { type LogEvent, playOut, randomBot } from "@saloon/engine";
import { describe, expect, it } from "vitest";
import { elPaso } from "./index.ts";
import type { ElPasoAction } from "./prompts.ts";
import { perform } from "./rules.ts";
import { DEFAULT_OPTIONS, type ElPasoOptions, type ElPasoState } from "./state.ts";
import { thaw } from "./writes.ts";

/** Every object reachable from `value`, `value` itself included. */
function objectsOf(value: unknown, into = new Set<object>()): Set<object> {
  if (typeof value !== "object" || value === null || into.has(value)) return into;
  into.add(value);
  for (const item of Object.values(value)) objectsOf(item, into);
  return into;
}

describe("El Paso's events are fresh (index.ts freshEvents: the engine hands them out uncopied)", () => {
  it("share nothing with the state or the action, hold no undefined value and are plain data, in random, bot and solo games", () => {
    const solo = { ...DEFAULT_OPTIONS, solo: true, difficulty: 1 } as ElPasoOptions;
    const games: [number, boolean, ElPasoOptions][] = [
      [2, true, DEFAULT_OPTIONS],
      [3, true, DEFAULT_OPTIONS],
      [4, true, DEFAULT_OPTIONS],
      [2, false, DEFAULT_OPTIONS],
      [4, false, DEFAULT_OPTIONS],
      [2, true, solo],
      [2, false, solo],
    ];
    const types = new Set<string>();
    for (const [seats, random, options] of games) {
      const seed = `fresh-events-${seats}-${random}-${options.solo === true}`;
      const { log } = playOut(elPaso, { seed, seats, options, ...(random ? { choosers: Array.from({ length: seats }, () => randomBot) } : {}) });
      let state: ElPasoState = elPaso.setup(seed, seats, options);
      for (const { seat, action } of log) {
        // As apply does it: the matched (frozen) option performed on a thawed copy.
        const option = elPaso.prompts(state)[0]!.options.find((o) => JSON.stringify(o) === JSON.stringify(action))! as ElPasoAction;
        const draft = thaw(state);
        const events: LogEvent[] = perform(draft, seat, option);
        const shared = objectsOf(draft);
        objectsOf(option, shared);
        for (const event of events) {
          types.add(event.type);
          for (const part of objectsOf(event)) {
            expect(shared.has(part)).toBe(false);
            expect([Object.prototype, Array.prototype]).toContain(Object.getPrototypeOf(part));
            for (const item of Object.values(part)) expect(item).not.toBeUndefined();
          }
        }
        const r = elPaso.apply(state, seat, action);
        if (!r.ok) throw new Error(r.error.code);
        // The engine's events are what perform made, key for key.
        expect(JSON.stringify(r.events)).toBe(JSON.stringify(events));
        state = r.state;
      }
    }
    // Events with lists and the solo opponent's among them, or this proves little.
    for (const type of ["drewCattle", "revealedHand", "sueMoved", "delivered", "built"]) expect(types).toContain(type);
  });
});
