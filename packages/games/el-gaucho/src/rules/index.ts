/**
 * The rules of El Gaucho: what each decision does (perform); what each seat may decide now is
 * prompts.ts. Section names refer to the rulebook (VORRUNDE, SPIELABLAUF, EINTREIBEN, SONDERAKTIONEN, SPIELENDE).
 */
import { type LogEvent, type Seat, rollInt, writable } from "@saloon/engine";
import {
  type Area,
  BREEDS,
  DICE,
  INSTANT_SALE_BONUS,
  STEPPE_SIZE,
  type Tile,
  sameTile,
} from "../data.ts";
import { type GauchoState, fieldOf, herdOf, newTurn, playerOf, turnOf } from "../state.ts";
import { earn, layAtEnd, sellHerd, sortInPositions } from "./herds.ts";
import type { DieAction } from "./options.ts";
import { drawTile, fillPampa, isFull } from "./pampa.ts";
import type { GauchoAction } from "./prompts.ts";

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
      fieldOf(state, action.row, action.field).gaucho = null;
      playerOf(state, seat).gauchos++;
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
  const player = playerOf(state, seat);
  player.kept = tiles;
  writable(state, "discarded").push(...player.hand.filter((t) => !tiles.some((k) => sameTile(k, t))));
  player.hand = [];
  events.push({ type: "chose", seat }, { type: "kept", seat, tiles, onlyFor: [seat] });
  if (state.players.some((p) => p.kept === null)) return;
  // Everybody has chosen: the choices are revealed together and start the herds.
  for (let s = 0; s < state.players.length; s++) {
    const kept = state.players[s]!.kept!;
    for (const tile of kept) layAtEnd(state, s, tile, events);
    events.push({ type: "revealed", seat: s, tiles: kept });
    playerOf(state, s).kept = null;
  }
  state.phase = { kind: "place", seat: state.seats - 1 }; // RULINGS.startPlayer: counter-clockwise from the right neighbour
}

function prePlace(state: GauchoState, seat: Seat, area: Area, events: LogEvent[]): void {
  const player = playerOf(state, seat);
  writable(player, "areas")[area] = true;
  player.gauchos--;
  writable(state, "prePlaced").push(area);
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
  const rodeo = writable(state, "rodeo");
  for (const d of dice) rodeo.splice(rodeo.indexOf(d), 1);
  turnOf(state).dice = [...dice];
  events.push({ type: "picked", seat: state.active, dice });
}

function useDice(state: GauchoState, dice: number[], wish: boolean): void {
  const turn = turnOf(state);
  const unused = writable(turn, "dice")!;
  for (const d of dice) unused.splice(unused.indexOf(d), 1);
  if (wish) turn.wish--;
}

function dieAction(state: GauchoState, action: DieAction, events: LogEvent[]): void {
  const seat = state.active;
  useDice(state, action.dice, action.wish);
  if (action.type === "occupy") {
    const player = playerOf(state, seat);
    writable(player, "areas")[action.area] = true;
    player.gauchos--;
    writable(turnOf(state), "touched").push(action.area);
    events.push({ type: "occupied", seat, area: action.area, dice: action.dice, wish: action.wish });
    return;
  }
  const field = fieldOf(state, action.row, action.field);
  if (action.type === "raise") writable(field, "gaucho")!.standing = true;
  else {
    field.gaucho = { seat, standing: action.type === "stand" };
    playerOf(state, seat).gauchos--;
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
  const area = action.type === "recall" ? action.area : SPECIAL_AREA[action.type]!;
  // The gaucho comes back to supply first and may be used again at once.
  const player = playerOf(state, seat);
  writable(player, "areas")[area] = false;
  player.gauchos++;
  writable(turnOf(state), "touched").push(area);
  switch (action.type) {
    case "recall":
      events.push({ type: "recalled", seat, area });
      return;
    case "wish":
      turnOf(state).wish++;
      events.push({ type: "wished", seat });
      return;
    case "instantSale":
      sellHerd(state, seat, action.breed, "instant", events);
      earn(state, seat, "bonus", INSTANT_SALE_BONUS);
      events.push({ type: "saleBonus", seat, pesos: INSTANT_SALE_BONUS });
      return;
    case "steal": {
      const herd = herdOf(state, action.victim, action.breed);
      const tile = herd.splice(
        herd.findIndex((t) => t.value === action.value),
        1,
      )[0]!;
      earn(state, action.victim, "compensation", tile.value);
      events.push({ type: "stole", seat, victim: action.victim, tile, compensation: tile.value });
      layAtEnd(state, seat, tile, events); // RULINGS.thiefTakesAnyTile
      return;
    }
    case "overseerRaise":
      for (const f of action.fields) writable(fieldOf(state, f.row, f.field), "gaucho")!.standing = true;
      events.push({ type: "overseerRaised", seat, fields: action.fields });
      return;
    case "overseerReplace": {
      const field = fieldOf(state, action.row, action.field);
      const victim = field.gaucho!.seat;
      playerOf(state, victim).gauchos++;
      earn(state, victim, "compensation", field.tile!.value);
      field.gaucho = { seat, standing: true };
      playerOf(state, seat).gauchos--;
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
  turnOf(state).steppeChosen = tiles;
  state.phase = { kind: "turn", step: "steppePlace" };
  events.push({ type: "steppeChose", seat: state.active, count: tiles.length });
}

function steppePlace(state: GauchoState, row: number, fieldIndex: number, events: LogEvent[]): void {
  const seat = state.active;
  const tile = writable(turnOf(state), "steppeChosen").shift()!;
  const field = fieldOf(state, row, fieldIndex);
  field.tile = tile;
  field.gaucho = { seat, standing: true };
  playerOf(state, seat).gauchos--;
  events.push({ type: "steppePlaced", seat, row, field: fieldIndex, tile });
  if (state.turn.steppeChosen.length > 0) return;
  // Straight after the action the steppe is refilled to 4 from the supply (while it lasts).
  let added = 0;
  while (state.steppe.length < STEPPE_SIZE) {
    const drawn = drawTile(state);
    if (!drawn) break;
    writable(state, "steppe").push(drawn);
    added++;
  }
  events.push({ type: "steppeRefilled", count: added, supplyLeft: state.supply.length });
  state.phase = { kind: "turn", step: "main" };
}

// ---- EINTREIBEN ---------------------------------------------------------------------------------

/** Standing gauchos take their tiles home: from full pastures at a round end, from everywhere at the very end. */
function driveHome(state: GauchoState, everywhere: boolean, events: LogEvent[]): void {
  // Read from the pampa as it was; each field emptied is written into its copy (fieldOf).
  state.pampa.forEach((row, r) => {
    if (!everywhere && !isFull(row)) return;
    row.forEach((field, i) => {
      if (!field.tile || !field.gaucho?.standing) return;
      const seat = field.gaucho.seat;
      const player = playerOf(state, seat);
      writable(player, "arriving").push(field.tile);
      player.gauchos++;
      events.push({ type: "cameHome", seat, row: r, field: i, tile: field.tile });
      const emptied = fieldOf(state, r, i);
      emptied.tile = null;
      emptied.gaucho = null;
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
    for (let changed = true; changed; ) {
      changed = false;
      const player = state.players[seat]!; // as it is now: laying a tile changes the player
      for (const tile of player.arriving) {
        const sameBreed = player.arriving.filter((t) => t.breed === tile.breed).length;
        const canSortIn = player.areas.stable && sortInPositions(player.herds[tile.breed], tile.value).length > 0;
        if (sameBreed === 1 && !canSortIn) {
          const arriving = writable(playerOf(state, seat), "arriving");
          arriving.splice(arriving.indexOf(tile), 1);
          layAtEnd(state, seat, tile, events);
          changed = true;
          break;
        }
      }
    }
    if (state.players[seat]!.arriving.length > 0) {
      state.phase = { kind: "home", seat, final };
      return;
    }
    writable(state, "homeQueue").shift();
  }
  afterHome(state, final, events);
}

function arrive(state: GauchoState, seat: Seat, action: Extract<GauchoAction, { type: "homeLay" | "sortIn" }>, events: LogEvent[]): void {
  const arriving = writable(playerOf(state, seat), "arriving");
  const index = arriving.findIndex((t) => t.breed === action.breed && t.value === action.value);
  const tile = arriving.splice(index, 1)[0]!;
  if (action.type === "homeLay") layAtEnd(state, seat, tile, events);
  else {
    // EINSORTIEREN: the stable's gaucho comes back and the tile goes inside the herd (RULINGS.stableFits).
    const player = playerOf(state, seat);
    writable(player, "areas").stable = false;
    player.gauchos++;
    herdOf(state, seat, tile.breed).splice(action.position, 0, tile);
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
  for (let seat = 0; seat < state.players.length; seat++) for (const breed of BREEDS) sellHerd(state, seat, breed, "final", events);
  state.phase = { kind: "over" };
  state.homeQueue = [];
  events.push({ type: "gameOver", pesos: state.players.map((p) => p.pesos) });
}

