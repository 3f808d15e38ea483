export * from "./contract.ts";
export { defineGame, defaultViewEvent, type GameRules, noTableOptions } from "./define-game.ts";
export { cloneJson, copyJson, deepFreeze, freezeChanges, isBoundedJson, sameJson, writable } from "./json.ts";
export { rankResults } from "./ranking.ts";
export { LEGACY_SEED_PREFIX, createRandom, newTableSeed, randomFrom, rollInt, seedRng, seedState, shuffleInPlace, stateFromDigest, type RngState } from "./rng.ts";
export { gameBot, playOut, randomBot, replay, type Chooser, type LoggedAction, type PlayOutResult } from "./simulate.ts";
export { stepPreview, undoBarrier, type UndoBarrier } from "./undo.ts";
