/**
 * The rules of El Gaucho: what each seat may decide now (prompts) and what each decision does
 * (perform). Section names refer to the rulebook (VORRUNDE, SPIELABLAUF, EINTREIBEN, SONDERAKTIONEN, SPIELENDE).
 */
import { type LogEvent, type Prompt, type Seat, rollInt } from "@saloon/engine";
import {
  AREAS,
  type Area,
  BREEDS,
  type Breed,
  DICE,
  INSTANT_SALE_BONUS,
  INSTANT_SALE_MIN,
  STEPPE_PAIR_MAX,
  STEPPE_SIZE,
  type Tile,
  sameTile,
} from "../data.ts";
import type { GauchoState } from "../state.ts";
import { newTurn } from "../state.ts";
import { earn, layAtEnd, sellHerd, sortInPositions } from "./herds.ts";
import { type DieAction, dicePairs, dieActions, keepChoices } from "./options.ts";
import { type FieldRef, drawTile, fillPampa, freeFields, hasFreeField, isFull } from "./pampa.ts";

export type GauchoAction =
  | { type: "keep"; tiles: Tile[] }
  | { type: "prePlace"; area: Area }
  | { type: "pick"; dice: number[] }
  | DieAction
  | { type: "wish" }
  | { type: "instantSale"; breed: Breed }
  | { type: "steal"; victim: Seat; breed: Breed; value: number }
  | { type: "overseerRaise"; fields: FieldRef[] }
  | { type: "overseerReplace"; row: number; field: number }
  | { type: "steppe" }
  | { type: "steppeChoose"; tiles: Tile[] }
  | { type: "steppePlace"; row: number; field: number }
  | { type: "recall"; area: Area }
  | { type: "retrieve"; row: number; field: number }
  | { type: "endTurn" }
  | { type: "homeLay"; breed: Breed; value: number }
  | { type: "sortIn"; breed: Breed; value: number; position: number };

export const ACTION_TYPES = [
  "keep",
  "prePlace",
  "pick",
  "stand",
  "lay",
  "raise",
  "occupy",
  "wish",
  "instantSale",
  "steal",
  "overseerRaise",
  "overseerReplace",
  "steppe",
  "steppeChoose",
  "steppePlace",
  "recall",
  "retrieve",
  "endTurn",
  "homeLay",
  "sortIn",
] as const satisfies readonly GauchoAction["type"][];

export type GauchoPrompt = Prompt<GauchoAction>;

// ---- Prompts ------------------------------------------------------------------------------------

/** Every decision owed now. In the pre-round choice every seat that has not chosen owes one at once. */
export function currentPrompts(state: GauchoState): GauchoPrompt[] {
  const phase = state.phase;
  switch (phase.kind) {
    case "over":
      return [];
    case "choose":
      return state.players.flatMap((player, seat) =>
        player.kept === null ? [{ seat, kind: "keep", options: keepChoices(player.hand).map((tiles) => ({ type: "keep" as const, tiles })) }] : [],
      );
    case "place":
      return [
        {
          seat: phase.seat,
          kind: "prePlace",
          options: AREAS.filter((area) => !state.prePlaced.includes(area)).map((area) => ({ type: "prePlace" as const, area })),
        },
      ];
    case "home":
      return [{ seat: phase.seat, kind: "home", options: homeOptions(state, phase.seat), context: { final: phase.final } }];
    case "turn": {
      const seat = state.active;
      if (phase.step === "steppeChoose") return [{ seat, kind: "steppeChoose", options: steppeChoices(state) }];
      if (phase.step === "steppePlace") {
        return [{ seat, kind: "steppePlace", options: freeFields(state.pampa).map((f) => ({ type: "steppePlace" as const, ...f })) }];
      }
      return [
        {
          seat,
          kind: "turn",
          options: turnOptions(state),
          context: { dice: state.turn.dice, wish: state.turn.wish, rodeo: state.rodeo, dieless: state.round.dieless },
        },
      ];
    }
  }
}

/**
 * Who owes a decision now and of which kind: `currentPrompts` without finding the options, for
 * the views, which every seat and the spectator receive after every action (the options of a
 * turn are a search over dice and fields). Must name the same seats and kinds as
 * `currentPrompts`; the stored matches' view digests check it at every moment.
 */
export function waitingFor(state: GauchoState): { seat: Seat; kind: string }[] {
  const phase = state.phase;
  switch (phase.kind) {
    case "over":
      return [];
    case "choose":
      return state.players.flatMap((player, seat) => (player.kept === null ? [{ seat, kind: "keep" }] : []));
    case "place":
      return [{ seat: phase.seat, kind: "prePlace" }];
    case "home":
      return [{ seat: phase.seat, kind: "home" }];
    case "turn":
      return [{ seat: state.active, kind: phase.step === "steppeChoose" || phase.step === "steppePlace" ? phase.step : "turn" }];
  }
}

function turnOptions(state: GauchoState): GauchoAction[] {
  const seat = state.active;
  const player = state.players[seat]!;
  const turn = state.turn;
  const options: GauchoAction[] = [];
  if (turn.dice === null) options.push(...dicePairs(state.rodeo).map((dice) => ({ type: "pick" as const, dice })));
  // SONDERAKTIONEN: any number, any order, at any time in the own turn.
  for (const area of AREAS) {
    if (!player.areas[area] || turn.touched.includes(area)) continue;
    options.push(...specialOptions(state, seat, area));
    // RULINGS.recallAnyTime, RULINGS.recallWhenShort: only with no gaucho in supply.
    if (player.gauchos === 0) options.push({ type: "recall", area });
  }
  if (turn.dice !== null) options.push(...dieActions(state.pampa, { seat, gauchos: player.gauchos, areas: player.areas, touched: turn.touched }, turn.dice, turn.wish));
  if (player.gauchos === 0) {
    // RULINGS.gauchosShort: lying gauchos come back from the pampa only when the supply is empty.
    state.pampa.forEach((row, r) =>
      row.forEach((f, i) => {
        if (f.gaucho?.seat === seat && !f.gaucho.standing) options.push({ type: "retrieve", row: r, field: i });
      }),
    );
  }
  if (turn.dice !== null) options.push({ type: "endTurn" });
  return options;
}

function ownLying(state: GauchoState, seat: Seat): FieldRef[] {
  const lying: FieldRef[] = [];
  state.pampa.forEach((row, r) => {
    for (let i = 0; i < row.length; i++) if (row[i]!.gaucho?.seat === seat && !row[i]!.gaucho!.standing) lying.push({ row: r, field: i });
  });
  return lying;
}

function specialOptions(state: GauchoState, seat: Seat, area: Area): GauchoAction[] {
  const player = state.players[seat]!;
  switch (area) {
    case "stable":
      return []; // only while cattle come home
    case "wish":
      return [{ type: "wish" }];
    case "sale":
      return BREEDS.filter((breed) => player.herds[breed].length >= INSTANT_SALE_MIN).map((breed) => ({ type: "instantSale" as const, breed }));
    case "thief": {
      const steals: GauchoAction[] = [];
      state.players.forEach((other, victim) => {
        if (victim === seat) return;
        for (const breed of BREEDS) for (const t of other.herds[breed]) steals.push({ type: "steal", victim, breed, value: t.value });
      });
      return steals;
    }
    case "overseer": {
      const lying = ownLying(state, seat);
      const raise: GauchoAction[] = lying.map((f) => ({ type: "overseerRaise" as const, fields: [f] }));
      lying.forEach((a, i) => lying.slice(i + 1).forEach((b) => raise.push({ type: "overseerRaise", fields: [a, b] })));
      const replace: GauchoAction[] = state.pampa.flatMap((row, r) =>
        row.flatMap((f, i) => (f.gaucho && f.gaucho.seat !== seat && !f.gaucho.standing ? [{ type: "overseerReplace" as const, row: r, field: i }] : [])),
      );
      return [...raise, ...replace];
    }
    case "steppe":
      return state.steppe.length > 0 && hasFreeField(state.pampa) ? [{ type: "steppe" }] : []; // RULINGS.steppeNeedsRoom
  }
}

function steppeChoices(state: GauchoState): GauchoAction[] {
  const free = freeFields(state.pampa).length;
  const gauchos = state.players[state.active]!.gauchos;
  const options: GauchoAction[] = state.steppe.map((t) => ({ type: "steppeChoose" as const, tiles: [t] }));
  if (free >= 2 && gauchos >= 2) {
    const small = state.steppe.filter((t) => t.value <= STEPPE_PAIR_MAX);
    small.forEach((a, i) => small.slice(i + 1).forEach((b) => options.push({ type: "steppeChoose", tiles: [a, b] })));
  }
  return options;
}

/**
 * The arriving tiles of one breed at a time (RULINGS.homeOneBreedAtATime): herds of different
 * breeds do not touch, so the order between breeds changes nothing and is not asked.
 */
function homeOptions(state: GauchoState, seat: Seat): GauchoAction[] {
  const player = state.players[seat]!;
  const breed = BREEDS.find((b) => player.arriving.some((t) => t.breed === b));
  const arriving = player.arriving.filter((t) => t.breed === breed);
  const options: GauchoAction[] = arriving.map((t) => ({ type: "homeLay" as const, breed: t.breed, value: t.value }));
  if (player.areas.stable) {
    for (const t of arriving) {
      for (const position of sortInPositions(player.herds[t.breed], t.value)) options.push({ type: "sortIn", breed: t.breed, value: t.value, position });
    }
  }
  return options;
}

// ---- Perform ------------------------------------------------------------------------------------

export function perform(state: GauchoState, seat: Seat, action: GauchoAction): LogEvent[] {
  const events: LogEvent[] = [];
  switch (action.type) {
    case "keep":
      keep(state, seat, action.tiles, events);
      break;
    case "prePlace":
      prePlace(state, seat, action.area, events);
      break;
    case "pick":
      pick(state, action.dice, events);
      break;
    case "stand":
    case "lay":
    case "raise":
    case "occupy":
      dieAction(state, action, events);
      break;
    case "wish":
    case "instantSale":
    case "steal":
    case "overseerRaise":
    case "overseerReplace":
    case "steppe":
    case "recall":
      special(state, action, events);
      break;
    case "steppeChoose":
      steppeChoose(state, action.tiles, events);
      break;
    case "steppePlace":
      steppePlace(state, action.row, action.field, events);
      break;
    case "retrieve": {
      const field = state.pampa[action.row]![action.field]!;
      field.gaucho = null;
      state.players[seat]!.gauchos++;
      events.push({ type: "retrieved", seat, row: action.row, field: action.field });
      break;
    }
    case "endTurn":
      endTurn(state, events);
      break;
    case "homeLay":
    case "sortIn":
      arrive(state, seat, action, events);
      break;
  }
  return events;
}

// ---- VORRUNDE -----------------------------------------------------------------------------------

function keep(state: GauchoState, seat: Seat, tiles: Tile[], events: LogEvent[]): void {
  const player = state.players[seat]!;
  player.kept = tiles;
  state.discarded.push(...player.hand.filter((t) => !tiles.some((k) => sameTile(k, t))));
  player.hand = [];
  events.push({ type: "chose", seat }, { type: "kept", seat, tiles, onlyFor: [seat] });
  if (state.players.some((p) => p.kept === null)) return;
  // Everybody has chosen: the choices are revealed together and start the herds.
  state.players.forEach((p, s) => {
    for (const tile of p.kept!) layAtEnd(state, s, tile, events);
    events.push({ type: "revealed", seat: s, tiles: p.kept! });
    p.kept = null;
  });
  state.phase = { kind: "place", seat: state.seats - 1 }; // RULINGS.startPlayer: counter-clockwise from the right neighbour
}

function prePlace(state: GauchoState, seat: Seat, area: Area, events: LogEvent[]): void {
  const player = state.players[seat]!;
  player.areas[area] = true;
  player.gauchos--;
  state.prePlaced.push(area);
  events.push({ type: "occupied", seat, area, dice: [], preRound: true });
  if (seat > 0) state.phase = { kind: "place", seat: seat - 1 };
  else startRound(state, 0, events);
}

// ---- SPIELABLAUF --------------------------------------------------------------------------------

/** A new round: the start player rolls all dice (RULINGS.rollIsAutomatic), none in the dieless round. */
function startRound(state: GauchoState, start: Seat, events: LogEvent[]): void {
  const dieless = state.endPhase === "dielessRound";
  state.round = { number: state.round.number + 1, start, dieless };
  state.rodeo = dieless ? [] : Array.from({ length: DICE[state.seats]! }, () => rollInt(state, 1, 6)).sort((a, b) => a - b);
  events.push({ type: "roundStarted", round: state.round.number, start, dieless, dice: state.rodeo });
  startTurn(state, start, events);
}

function startTurn(state: GauchoState, seat: Seat, events: LogEvent[]): void {
  state.active = seat;
  state.turn = newTurn();
  if (state.round.dieless) state.turn.dice = [];
  state.phase = { kind: "turn", step: "main" };
  events.push({ type: "turnStarted", seat });
}

function pick(state: GauchoState, dice: number[], events: LogEvent[]): void {
  for (const d of dice) state.rodeo.splice(state.rodeo.indexOf(d), 1);
  state.turn.dice = [...dice];
  events.push({ type: "picked", seat: state.active, dice });
}

function useDice(state: GauchoState, dice: number[], wish: boolean): void {
  for (const d of dice) state.turn.dice!.splice(state.turn.dice!.indexOf(d), 1);
  if (wish) state.turn.wish--;
}

function dieAction(state: GauchoState, action: DieAction, events: LogEvent[]): void {
  const seat = state.active;
  const player = state.players[seat]!;
  useDice(state, action.dice, action.wish);
  if (action.type === "occupy") {
    player.areas[action.area] = true;
    player.gauchos--;
    state.turn.touched.push(action.area);
    events.push({ type: "occupied", seat, area: action.area, dice: action.dice, wish: action.wish });
    return;
  }
  const field = state.pampa[action.row]![action.field]!;
  if (action.type === "raise") field.gaucho!.standing = true;
  else {
    field.gaucho = { seat, standing: action.type === "stand" };
    player.gauchos--;
  }
  const verb = { stand: "stood", lay: "laidDown", raise: "raised" }[action.type];
  events.push({ type: verb, seat, row: action.row, field: action.field, tile: field.tile!, dice: action.dice, wish: action.wish });
}

function endTurn(state: GauchoState, events: LogEvent[]): void {
  events.push({ type: "turnEnded", seat: state.active });
  const next = (state.active + 1) % state.seats;
  if (next === state.round.start) roundEnd(state, events);
  else startTurn(state, next, events);
}

// ---- SONDERAKTIONEN -----------------------------------------------------------------------------

type SpecialAction = Extract<GauchoAction, { type: "wish" | "instantSale" | "steal" | "overseerRaise" | "overseerReplace" | "steppe" | "recall" }>;
const SPECIAL_AREA: Record<SpecialAction["type"], Area | null> = {
  wish: "wish",
  instantSale: "sale",
  steal: "thief",
  overseerRaise: "overseer",
  overseerReplace: "overseer",
  steppe: "steppe",
  recall: null,
};

function special(state: GauchoState, action: SpecialAction, events: LogEvent[]): void {
  const seat = state.active;
  const player = state.players[seat]!;
  const area = action.type === "recall" ? action.area : SPECIAL_AREA[action.type]!;
  // The gaucho comes back to supply first and may be used again at once.
  player.areas[area] = false;
  player.gauchos++;
  state.turn.touched.push(area);
  switch (action.type) {
    case "recall":
      events.push({ type: "recalled", seat, area });
      return;
    case "wish":
      state.turn.wish++;
      events.push({ type: "wished", seat });
      return;
    case "instantSale":
      sellHerd(state, seat, action.breed, "instant", events);
      earn(player, "bonus", INSTANT_SALE_BONUS);
      events.push({ type: "saleBonus", seat, pesos: INSTANT_SALE_BONUS });
      return;
    case "steal": {
      const victim = state.players[action.victim]!;
      const herd = victim.herds[action.breed];
      const tile = herd.splice(
        herd.findIndex((t) => t.value === action.value),
        1,
      )[0]!;
      earn(victim, "compensation", tile.value);
      events.push({ type: "stole", seat, victim: action.victim, tile, compensation: tile.value });
      layAtEnd(state, seat, tile, events); // RULINGS.thiefTakesAnyTile
      return;
    }
    case "overseerRaise":
      for (const f of action.fields) state.pampa[f.row]![f.field]!.gaucho!.standing = true;
      events.push({ type: "overseerRaised", seat, fields: action.fields });
      return;
    case "overseerReplace": {
      const field = state.pampa[action.row]![action.field]!;
      const victim = field.gaucho!.seat;
      state.players[victim]!.gauchos++;
      earn(state.players[victim]!, "compensation", field.tile!.value);
      field.gaucho = { seat, standing: true };
      player.gauchos--;
      events.push({ type: "overseerReplaced", seat, victim, row: action.row, field: action.field, compensation: field.tile!.value });
      return;
    }
    case "steppe":
      state.phase = { kind: "turn", step: "steppeChoose" };
      events.push({ type: "steppeLooked", seat, count: state.steppe.length });
      events.push({ type: "steppeSeen", seat, tiles: [...state.steppe], onlyFor: [seat] });
      return;
  }
}

function steppeChoose(state: GauchoState, tiles: Tile[], events: LogEvent[]): void {
  state.steppe = state.steppe.filter((t) => !tiles.some((c) => sameTile(c, t)));
  state.turn.steppeChosen = tiles;
  state.phase = { kind: "turn", step: "steppePlace" };
  events.push({ type: "steppeChose", seat: state.active, count: tiles.length });
}

function steppePlace(state: GauchoState, row: number, fieldIndex: number, events: LogEvent[]): void {
  const seat = state.active;
  const tile = state.turn.steppeChosen.shift()!;
  const field = state.pampa[row]![fieldIndex]!;
  field.tile = tile;
  field.gaucho = { seat, standing: true };
  state.players[seat]!.gauchos--;
  events.push({ type: "steppePlaced", seat, row, field: fieldIndex, tile });
  if (state.turn.steppeChosen.length > 0) return;
  // Straight after the action the steppe is refilled to 4 from the supply (while it lasts).
  let added = 0;
  while (state.steppe.length < STEPPE_SIZE) {
    const drawn = drawTile(state);
    if (!drawn) break;
    state.steppe.push(drawn);
    added++;
  }
  events.push({ type: "steppeRefilled", count: added, supplyLeft: state.supply.length });
  state.phase = { kind: "turn", step: "main" };
}

// ---- EINTREIBEN ---------------------------------------------------------------------------------

/** Standing gauchos take their tiles home: from full pastures at a round end, from everywhere at the very end. */
function driveHome(state: GauchoState, everywhere: boolean, events: LogEvent[]): void {
  state.pampa.forEach((row, r) => {
    if (!everywhere && !isFull(row)) return;
    row.forEach((field, i) => {
      if (!field.tile || !field.gaucho?.standing) return;
      const seat = field.gaucho.seat;
      state.players[seat]!.arriving.push(field.tile);
      state.players[seat]!.gauchos++;
      events.push({ type: "cameHome", seat, row: r, field: i, tile: field.tile });
      field.tile = null;
      field.gaucho = null;
    });
  });
  state.homeQueue = Array.from({ length: state.seats }, (_, k) => (state.round.start + k) % state.seats);
  continueHome(state, everywhere, events);
}

function roundEnd(state: GauchoState, events: LogEvent[]): void {
  events.push({ type: "roundEnded", round: state.round.number });
  driveHome(state, false, events);
}

/** Lays what needs no decision (RULINGS.arrivalDecisions, RULINGS.onlyArrivalsAreAutomatic), then asks the next seat with a choice. */
function continueHome(state: GauchoState, final: boolean, events: LogEvent[]): void {
  while (state.homeQueue.length > 0) {
    const seat = state.homeQueue[0]!;
    const player = state.players[seat]!;
    for (let changed = true; changed; ) {
      changed = false;
      for (const tile of player.arriving) {
        const sameBreed = player.arriving.filter((t) => t.breed === tile.breed).length;
        const canSortIn = player.areas.stable && sortInPositions(player.herds[tile.breed], tile.value).length > 0;
        if (sameBreed === 1 && !canSortIn) {
          player.arriving.splice(player.arriving.indexOf(tile), 1);
          layAtEnd(state, seat, tile, events);
          changed = true;
          break;
        }
      }
    }
    if (player.arriving.length > 0) {
      state.phase = { kind: "home", seat, final };
      return;
    }
    state.homeQueue.shift();
  }
  afterHome(state, final, events);
}

function arrive(state: GauchoState, seat: Seat, action: Extract<GauchoAction, { type: "homeLay" | "sortIn" }>, events: LogEvent[]): void {
  const player = state.players[seat]!;
  const index = player.arriving.findIndex((t) => t.breed === action.breed && t.value === action.value);
  const tile = player.arriving.splice(index, 1)[0]!;
  if (action.type === "homeLay") layAtEnd(state, seat, tile, events);
  else {
    // EINSORTIEREN: the stable's gaucho comes back and the tile goes inside the herd (RULINGS.stableFits).
    player.areas.stable = false;
    player.gauchos++;
    player.herds[tile.breed].splice(action.position, 0, tile);
    events.push({ type: "sortedIn", seat, breed: tile.breed, value: tile.value, position: action.position });
  }
  const phase = state.phase;
  continueHome(state, phase.kind === "home" && phase.final, events);
}

function afterHome(state: GauchoState, final: boolean, events: LogEvent[]): void {
  if (final) return finish(state, events);
  if (state.round.dieless) {
    // SCHLUSSWERTUNG: every tile under a standing gaucho comes home as well.
    events.push({ type: "finalDriveHome" });
    return driveHome(state, true, events);
  }
  // Refill the pastures, smallest first (RULINGS.refillAllPastures).
  const laid = fillPampa(state);
  if (laid.length > 0) events.push({ type: "refilled", tiles: laid, supplyLeft: state.supply.length });
  // RULINGS.endOfGame: finish the round in which the supply ran out, one full round, one dieless round.
  if (state.endPhase === "supplyOut") state.endPhase = "fullRound";
  else if (state.endPhase === "fullRound") state.endPhase = "dielessRound";
  startRound(state, (state.round.start + 1) % state.seats, events);
}

function finish(state: GauchoState, events: LogEvent[]): void {
  // Gauchos still lying or on action fields have no function any more; every herd is sold.
  state.players.forEach((player, seat) => {
    for (const breed of BREEDS) sellHerd(state, seat, breed, "final", events);
  });
  state.phase = { kind: "over" };
  state.homeQueue = [];
  events.push({ type: "gameOver", pesos: state.players.map((p) => p.pesos) });
}

