/**
 * Whether the match history shows results (winners, totals) in its list. Hidden by default: a
 * result in the list spoils the replay one click away. Each person decides once, and the choice
 * is remembered in this browser.
 */
const STORAGE_KEY = "saloon.history.results";

type Storage = Pick<globalThis.Storage, "getItem" | "setItem">;

const storage = (): Storage | undefined => {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined; // storage blocked: results stay hidden, and the switch works for this page
  }
};

export function resultsShown(store: Storage | undefined = storage()): boolean {
  try {
    return store?.getItem(STORAGE_KEY) === "shown";
  } catch {
    return false;
  }
}

export function rememberResultsShown(shown: boolean, store: Storage | undefined = storage()): void {
  try {
    store?.setItem(STORAGE_KEY, shown ? "shown" : "hidden");
  } catch {
    // not remembered; this page still follows the switch
  }
}
