import { describe, expect, it } from "vitest";
import { rememberResultsShown, resultsShown } from "./spoilers.ts";

/** A Map-backed stand-in for localStorage. */
function memory(): Pick<Storage, "getItem" | "setItem"> & { items: Map<string, string> } {
  const items = new Map<string, string>();
  return { items, getItem: (key) => items.get(key) ?? null, setItem: (key, value) => void items.set(key, value) };
}

describe("the history's results switch", () => {
  it("hides results until the person asks, and remembers either choice", () => {
    const store = memory();
    expect(resultsShown(store)).toBe(false);
    rememberResultsShown(true, store);
    expect(resultsShown(store)).toBe(true);
    rememberResultsShown(false, store);
    expect(resultsShown(store)).toBe(false);
    expect([...store.items.values()]).toEqual(["hidden"]);
  });

  it("keeps results hidden when storage is missing, blocked or holds something else", () => {
    expect(resultsShown(undefined)).toBe(false);
    const blocked = {
      getItem: () => {
        throw new Error("SecurityError");
      },
      setItem: () => {
        throw new Error("QuotaExceededError");
      },
    };
    expect(resultsShown(blocked)).toBe(false);
    expect(() => rememberResultsShown(true, blocked)).not.toThrow();
    const odd = memory();
    odd.items.set("saloon.history.results", "yes please");
    expect(resultsShown(odd)).toBe(false);
  });
});
