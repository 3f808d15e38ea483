/**
 * The rules of Great Western Trail: El Paso: what each decision does (perform), on the stack of
 * decision contexts that prompts.ts asks from.
 */
import { type LogEvent, type Seat, shuffleInPlace, writable } from "@saloon/engine";
import {
  type ActionSpec,
  AUX1_MONEY,
  AUX1_MONEY_UPGRADED,
  BONUSES,
  BREED_DATA,
  type Breed,
  BUILDER_BONUS_COST,
  BUILDING_ACTIONS,
  type BuildingType,
  type CardId,
  DISC_DATA,
  DOLLARS_PER_WORKER,
  EL_PASO,
  EL_PASO_MONEY,
  ENGINEER_BONUS,
  HIRE_ONE_PRICE,
  MARKET_COWBOYS,
  MAX_CERTIFICATES,
  type MarketBreed,
  NEUTRAL_ACTIONS,
  type NodeId,
  POST_DATA,
  type PostId,
  SPACE_COST,
  TRAIN_ACTIONS,
  type TrainCard,
  WILD_BONUS,
  WILD_SURCHARGE,
  type WorkerType,
  isKind,
  isWorkerCard,
} from "./data.ts";
import type { ElPasoState, Frame, PlayerState } from "./state.ts";
import { isSue } from "./sue.ts";
import { sueStep } from "./sue-turn.ts";
import { buildingStackOf, cardsOf, marketOf, playerOf, postOf, stackOf, supplyOf, topOf } from "./writes.ts";

import { BON_PILE, type ElPasoAction, HIRE_SECOND_PRICE, OBJ_PILE, active, auxOptions, cleared, countWorkers, deliveryBase, destinations, handSize, stepLimit, top } from "./prompts.ts";

// ---------------------------------------------------------------- perform

export function perform(state: ElPasoState, seat: Seat, action: ElPasoAction): LogEvent[] {
  const events: LogEvent[] = [];
  if (action.type === "pickObjective") {
    if (state.phase.kind !== "pickObjective") throw new Error("not picking objectives");
    const phase = writable(state, "phase") as Extract<ElPasoState["phase"], { kind: "pickObjective" }>;
    takeTileFromDisplay(state, seat, action.tile, events);
    phase.index++;
    if (phase.index >= phase.order.length) {
      state.phase = { kind: "turn" };
      startTurn(state, 0, events);
    } else state.active = phase.order[phase.index]!;
    advance(state, events);
    return events;
  }
  // Nearly every action writes into the active seat's entry (the end of a turn draws cards).
  const p = playerOf(state, state.active);
  const frame = top(state)!;
  switch (action.type) {
    case "bonus":
      workerBonus(state, action.worker, events);
      break;
    case "exchange":
      p.tokens--;
      events.push({ type: "usedToken", seat });
      exchangeDraw(state, 0, events);
      break;
    case "move": {
      if (frame.kind !== "move") throw new Error("not moving");
      stackOf(state).pop();
      let cowboys = 0;
      if (!frame.first) {
        const steps = destinations(state, p.herder as NodeId, frame.max + countWorkers(p, "COW")).get(action.to)!;
        cowboys = Math.max(0, steps - frame.max);
        for (let k = 0; k < cowboys; k++) moveCard(cardsOf(p, "workers"), cardsOf(p, "discard"), firstWorker(p.workers, "COW"));
      }
      p.herder = action.to;
      events.push({ type: "moved", seat, to: action.to, cowboys });
      arrive(state, action.to, events);
      break;
    }
    case "done":
      stackOf(state).pop();
      break;
    case "aux":
    case "auxTrash": {
      const n = action.type === "aux" ? action.aux : 4;
      if (frame.kind === "actions") stackOf(state).pop();
      else if (frame.kind === "aux") {
        const aux = topOf<typeof frame>(state);
        writable(aux, "used").push(n);
        aux.remaining--;
        if (aux.remaining === 0 || auxOptions(p, aux.used).length === 0) stackOf(state).pop();
      }
      events.push({ type: "aux", seat, aux: n });
      if (n === 1) gainMoney(p, cleared(p, "D1") ? AUX1_MONEY_UPGRADED : AUX1_MONEY, seat, events);
      else if (n === 2) gainCerts(p, 1, seat, events);
      else if (n === 3) exchangeDraw(state, cleared(p, "D3") ? 1 : 0, events);
      else if (action.type === "auxTrash") removeFromHand(state, action.breed, events);
      break;
    }
    case "hireSecond":
      stackOf(state).pop();
      hire(state, action.worker, HIRE_SECOND_PRICE + (action.worker === "WLD" ? WILD_SURCHARGE : 0), events);
      break;
    case "auxExchange":
      if (frame.kind !== "exchangeAgain") throw new Error("no second exchange");
      stackOf(state).pop();
      exchangeDraw(state, frame.again, events);
      break;
    case "discard": {
      if (frame.kind !== "exchangeDiscard") throw new Error("no exchange");
      stackOf(state).pop();
      const card = firstOfBreed(p.hand, action.breed);
      moveCard(cardsOf(p, "hand"), cardsOf(p, "discard"), card);
      events.push({ type: "exchangeDiscarded", seat, card });
      if (frame.again > 0) stackOf(state).push({ kind: "exchangeAgain", again: frame.again - 1 });
      break;
    }
    case "deliver":
    case "noDelivery":
      deliver(state, action, events);
      break;
    case "sueStep":
      sueStep(state, events);
      break;
    default: {
      if (frame.kind !== "actions") throw new Error(`${action.type} outside an action source`);
      const used = writable(topOf<typeof frame>(state), "used");
      used[action.i] = true;
      const spec = frame.specs[action.i]!;
      if (!used.includes(false)) stackOf(state).pop(); // RULINGS.usedUpSourceCloses
      doSpec(state, spec, action, events);
    }
  }
  advance(state, events);
  return events;
}

function doSpec(state: ElPasoState, spec: ActionSpec, action: ElPasoAction, events: LogEvent[]): void {
  const seat = state.active;
  const p = playerOf(state, seat);
  switch (spec.t) {
    case "DISCARD_CATTLE": {
      if (action.type !== "actBreed") throw new Error("bad discard");
      const card = firstOfBreed(p.hand, action.breed);
      moveCard(cardsOf(p, "hand"), cardsOf(p, "discard"), card);
      const gain = spec.gain === "2xBV" ? 2 * BREED_DATA[action.breed].bv : spec.gain;
      p.money += gain;
      events.push({ type: "discardedCattle", seat, card, money: gain });
      return;
    }
    case "REMOVE_CATTLE":
      if (action.type !== "actBreed") throw new Error("bad remove");
      removeFromHand(state, action.breed, events);
      return;
    case "GAIN_MONEY":
      gainMoney(p, spec.n, seat, events);
      return;
    case "GAIN_CERT":
      gainCerts(p, spec.n, seat, events);
      return;
    case "GAIN_TOKEN":
      p.money -= spec.cost;
      p.tokens++;
      events.push({ type: "gainedToken", seat, paid: spec.cost });
      return;
    case "AUX":
      stackOf(state).push({ kind: "aux", remaining: spec.n, used: [] });
      return;
    case "MOVE":
      // RULINGS.moveForfeits: every open source of this turn closes.
      state.stack = [{ kind: "move", max: spec.max, first: false }];
      return;
    case "GAIN_CATTLE": {
      p.money -= spec.cost;
      const card = marketOf(state, spec.breed).shift()!;
      cardsOf(p, "discard").push(card);
      events.push({ type: "gainedCattle", seat, card, paid: spec.cost });
      return;
    }
    case "HIRE": {
      if (action.type !== "hire") throw new Error("bad hire");
      const worker = action.worker;
      let price: number;
      if (spec.mode === "FIXED") price = worker === "WLD" ? spec.wild : spec.specific;
      else price = HIRE_ONE_PRICE + (worker === "WLD" ? WILD_SURCHARGE : 0);
      hire(state, worker, price, events);
      // B: a second worker of another type for the rest of the $13 (RULINGS.twoDifferentWorkers).
      if (spec.mode === "ONE_OR_TWO") stackOf(state).push({ kind: "hireSecond", first: worker });
      return;
    }
    case "BUY_CATTLE": {
      if (action.type !== "buy") throw new Error("bad buy");
      const k = MARKET_COWBOYS[action.breed];
      payWorkers(p, "COW", k, action.wild);
      p.money -= k * DOLLARS_PER_WORKER;
      const card = marketOf(state, action.breed).shift()!;
      cardsOf(p, "discard").push(card);
      events.push({ type: "boughtCattle", seat, card, wild: action.wild, paid: k * DOLLARS_PER_WORKER });
      return;
    }
    case "TRAIN": {
      if (action.type !== "train") throw new Error("bad train");
      const card = action.card as TrainCard;
      payWorkers(p, "ENG", card, action.wild);
      p.money -= card * DOLLARS_PER_WORKER;
      const side = state.trainSides[String(card)] as "F" | "S";
      const specs = TRAIN_ACTIONS[`${card}${side}`];
      events.push({ type: "usedTrain", seat, card, side, wild: action.wild, paid: card * DOLLARS_PER_WORKER });
      stackOf(state).push({ kind: "actions", source: `TR${card}${side}`, specs, used: unused(specs.length), location: null });
      return;
    }
    case "GAIN_TILE": {
      if (action.type !== "tile") throw new Error("bad tile");
      p.money -= spec.cost;
      takeTileFromDisplay(state, seat, action.pick, events);
      return;
    }
    case "BUILD": {
      if (action.type !== "build") throw new Error("bad build");
      const type = action.building as BuildingType;
      const existing = state.board[action.node];
      const tile = buildingStackOf(state, type).shift()!;
      let k = type;
      let dollars = type * DOLLARS_PER_WORKER;
      if (existing && existing.kind === "building") {
        k = type - existing.type;
        dollars = k * DOLLARS_PER_WORKER;
        buildingStackOf(state, existing.type).push(existing.tile);
      } else dollars += SPACE_COST[action.node]!;
      payWorkers(p, "BLD", k, action.wild);
      p.money -= dollars;
      writable(state, "board")[action.node] = { kind: "building", tile, type, owner: seat };
      events.push({ type: existing ? "upgraded" : "built", seat, node: action.node, building: type, tile, wild: action.wild, paid: dollars });
      return;
    }
  }
}

// ---------------------------------------------------------------- pieces of the turn

// Loops, not find/filter/map: the lists read here are mostly the state's frozen ones (a player's
// piles before they are first written, the data's action lists once they are in a state), where
// V8's array builtins take a slow path (find 8×, filter 12× in a microbenchmark; issue #14).

/** The first card of a breed in a pile (the rules ask only for breeds the pile holds). */
function firstOfBreed(cards: readonly CardId[], breed: Breed): CardId {
  for (let i = 0; i < cards.length; i++) if (isKind(cards[i]!, breed)) return cards[i]!;
  throw new Error(`no ${breed} card`);
}

/** The first worker of a type in a pile (the rules ask only for types the pile holds). */
function firstWorker(cards: readonly CardId[], type: WorkerType): CardId {
  for (let i = 0; i < cards.length; i++) if (isKind(cards[i]!, type)) return cards[i]!;
  throw new Error(`no ${type} worker`);
}

/** A source's \`used\` flags: none used yet. */
function unused(n: number): boolean[] {
  const out: boolean[] = [];
  for (let i = 0; i < n; i++) out.push(false);
  return out;
}

/** The list without `item` (every occurrence). */
function without<T>(list: readonly T[], item: T): T[] {
  const out: T[] = [];
  for (let i = 0; i < list.length; i++) if (list[i] !== item) out.push(list[i]!);
  return out;
}

function moveCard(from: CardId[], to: CardId[], card: CardId): void {
  const index = from.indexOf(card);
  if (index < 0) throw new Error(`card ${card} not found`);
  from.splice(index, 1);
  to.push(card);
}

/** Discards k workers of a type, `wild` of them wild, from the worker area (RULINGS.spentWorkersToDiscard); `p` is writable. */
function payWorkers(p: PlayerState, type: WorkerType, k: number, wild: number): void {
  if (k === 0) return;
  const workers = cardsOf(p, "workers");
  const discard = cardsOf(p, "discard");
  for (let n = 0; n < k - wild; n++) moveCard(workers, discard, firstWorker(workers, type));
  for (let n = 0; n < wild; n++) moveCard(workers, discard, firstWorker(workers, "WLD"));
}

function hire(state: ElPasoState, worker: WorkerType, price: number, events: LogEvent[]): void {
  const p = playerOf(state, state.active);
  p.money -= price;
  cardsOf(p, "workers").push(supplyOf(state, worker).shift()!);
  events.push({ type: "hired", seat: state.active, worker, paid: price });
}


function gainMoney(p: PlayerState, n: number, seat: Seat, events: LogEvent[]): void {
  p.money += n;
  events.push({ type: "gainedMoney", seat, money: n });
}

function gainCerts(p: PlayerState, n: number, seat: Seat, events: LogEvent[]): void {
  const gained = Math.min(n, MAX_CERTIFICATES - p.certs);
  p.certs += gained;
  events.push({ type: "gainedCertificates", seat, certificates: gained });
}

function removeFromHand(state: ElPasoState, breed: Breed, events: LogEvent[]): void {
  const p = playerOf(state, state.active);
  const card = firstOfBreed(p.hand, breed);
  moveCard(cardsOf(p, "hand"), writable(state, "box"), card);
  events.push({ type: "removedCattle", seat: state.active, card });
}

function workerBonus(state: ElPasoState, worker: WorkerType, events: LogEvent[]): void {
  const p = playerOf(state, state.active);
  moveCard(cardsOf(p, "workers"), cardsOf(p, "discard"), firstWorker(p.workers, worker));
  if (worker === "ENG") p.money += ENGINEER_BONUS;
  else if (worker === "WLD") p.money += WILD_BONUS;
  else if (worker === "BLD") {
    p.money -= BUILDER_BONUS_COST;
    p.certs++;
  }
  events.push({ type: "workerBonus", seat: state.active, worker });
}

/** Draws one card for the player; a worker goes to the worker area. Returns the card or null when both piles are empty. */
function drawOne(state: ElPasoState, seat: Seat): CardId | null {
  const p = playerOf(state, seat);
  if (p.draw.length === 0) {
    if (p.discard.length === 0) return null;
    p.draw = shuffleInPlace(state, cardsOf(p, "discard"));
    p.discard = [];
  }
  const card = cardsOf(p, "draw").shift()!;
  cardsOf(p, isWorkerCard(card) ? "workers" : "hand").push(card);
  return card;
}

/** An exchange: draw until a cattle card comes (RULINGS.exchangeDrawsWorkers), then discard one hand card. */
function exchangeDraw(state: ElPasoState, again: number, events: LogEvent[]): void {
  const seat = state.active;
  const drawn: CardId[] = [];
  for (;;) {
    const card = drawOne(state, seat);
    if (card === null) break;
    drawn.push(card);
    if (!isWorkerCard(card)) break;
  }
  pushDrawEvents(seat, drawn, events);
  stackOf(state).push({ kind: "exchangeDiscard", again });
}

function pushDrawEvents(seat: Seat, drawn: CardId[], events: LogEvent[]): void {
  const workers = drawn.filter(isWorkerCard);
  events.push({ type: "drew", seat, cattle: drawn.length - workers.length, workers });
  const cattle = drawn.filter((c) => !isWorkerCard(c));
  if (cattle.length > 0) events.push({ type: "drewCattle", seat, cards: cattle, onlyFor: [seat] });
}

function takeTileFromDisplay(state: ElPasoState, seat: Seat, pick: string, events: LogEvent[]): void {
  const p = playerOf(state, seat);
  let tile: string;
  if (pick === OBJ_PILE) tile = writable(state, "objPile").shift()!;
  else if (pick === BON_PILE) tile = writable(state, "bonPile").shift()!;
  else {
    const objective = pick.startsWith("OB");
    const display = writable(state, objective ? "objDisplay" : "bonDisplay");
    const pile = writable(state, objective ? "objPile" : "bonPile");
    const slot = display.indexOf(pick);
    display[slot] = pile.shift() ?? null;
    tile = pick;
  }
  events.push({ type: "tookTile", seat, tile, fromPile: pick === OBJ_PILE || pick === BON_PILE });
  if (tile.startsWith("OB")) cardsOf(p, "objectives").push(tile);
  else {
    cardsOf(p, "bonuses").push(tile);
    const data = BONUSES[tile]!;
    // RULINGS.bonusImmediate
    if (data.kind === "oneTime") stackOf(state).push({ kind: "actions", source: tile, specs: data.actions, used: unused(data.actions.length), location: null });
  }
}

/**
 * Reaching El Paso before the end: take the next Simmental (the last one triggers the end), or,
 * with the pile empty, take the Simmental space, which ends the game for this seat (true).
 * Sue's El Paso (sue-turn.ts) follows the same rule.
 */
export function takeSimmental(state: ElPasoState, seat: Seat, events: LogEvent[]): boolean {
  if (state.end.simmSeat !== null) return false;
  const p = playerOf(state, seat);
  const simmentals = writable(state, "simmentals");
  const card = simmentals.shift();
  if (card !== undefined) {
    cardsOf(p, "discard").push(card);
    events.push({ type: "tookSimmental", seat, card, left: simmentals.length });
    if (simmentals.length === 0) {
      writable(state, "end").triggered = true;
      events.push({ type: "endTriggered", seat });
    }
    return false;
  }
  // RULINGS.finalTurns
  writable(state, "end").simmSeat = seat;
  p.herder = "SIMM";
  events.push({ type: "simmentalSpace", seat });
  return true;
}

export function arrive(state: ElPasoState, node: NodeId, events: LogEvent[]): void {
  const seat = state.active;
  if (node === EL_PASO) {
    gainMoney(playerOf(state, seat), EL_PASO_MONEY, seat, events);
    const endsGame = takeSimmental(state, seat, events);
    stackOf(state).push({ kind: "elPasoFinish", endsGameForPlayer: endsGame }, { kind: "deliver" });
    return;
  }
  const tile = state.board[node]!;
  if (tile.kind === "neutral") {
    const specs = NEUTRAL_ACTIONS[tile.id];
    stackOf(state).push({ kind: "actions", source: tile.id, specs, used: unused(specs.length), location: "full" });
  } else if (tile.owner === seat) {
    const side = state.buildingSides[String(tile.type)]!;
    const specs = BUILDING_ACTIONS[`${tile.type}${side}`];
    stackOf(state).push({ kind: "actions", source: `CB${tile.type}${side}`, specs, used: unused(specs.length), location: "full" });
  } else {
    stackOf(state).push({ kind: "actions", source: `CB${tile.type}${state.buildingSides[String(tile.type)]}`, specs: [], used: [], location: "auxOnly" });
  }
}

function deliver(state: ElPasoState, action: ElPasoAction, events: LogEvent[]): void {
  const seat = state.active;
  const p = playerOf(state, seat);
  stackOf(state).pop();
  // The hand is revealed when it is delivered, after any exchange made in El Paso (RULINGS.exchangeAnyTime).
  events.push({ type: "revealedHand", seat, cards: [...p.hand], breedingValue: deliveryBase(p) });
  if (action.type !== "deliver") {
    events.push({ type: "noDisc", seat }); // RULINGS.noLegalDisc
    return;
  }
  p.certs -= action.spend;
  p.discs = without(p.discs, action.disc);
  postOf(state, action.post).push({ seat, disc: action.disc });
  p.money += DISC_DATA[action.disc].money;
  events.push({ type: "delivered", seat, post: action.post, disc: action.disc, spent: action.spend, money: DISC_DATA[action.disc].money });
  const reward = POST_DATA[action.post].reward;
  if (reward) stackOf(state).push({ kind: "actions", source: action.post, specs: [reward], used: [false], location: null });
}

function startTurn(state: ElPasoState, seat: Seat, events: LogEvent[]): void {
  state.active = seat;
  const p = state.players[seat]!;
  state.stack = [isSue(state, seat) ? { kind: "sue", step: "draw" } : { kind: "move", max: stepLimit(p), first: p.herder === null }];
  events.push({ type: "turn", seat });
}

function drawPhase(state: ElPasoState, events: LogEvent[]): void {
  const seat = state.active;
  const p = playerOf(state, seat);
  const drawn: CardId[] = [];
  while (p.hand.length < handSize(p)) {
    const card = drawOne(state, seat);
    if (card === null) break;
    drawn.push(card);
  }
  if (drawn.length > 0) pushDrawEvents(seat, drawn, events);
}

/** Resolves what needs no decision: El Paso's closing, empty exchanges, the end of the turn. */
export function advance(state: ElPasoState, events: LogEvent[]): void {
  for (;;) {
    if (state.phase.kind !== "turn") return;
    const frame = top(state);
    const p = active(state);
    if (!frame) {
      if (!isSue(state, state.active)) drawPhase(state, events); // Sue has no hand
      state.turnCount++;
      const n = state.seats;
      if (state.end.simmSeat !== null && state.active === (state.end.simmSeat + n - 1) % n) {
        state.phase = { kind: "over" };
        state.stack = [];
        events.push({ type: "gameOver" });
        return;
      }
      startTurn(state, (state.active + 1) % n, events);
      return;
    }
    if (frame.kind === "elPasoFinish") {
      const writer = playerOf(state, state.active);
      const cards = cardsOf(writer, "hand").splice(0);
      cardsOf(writer, "discard").push(...cards);
      stackOf(state).pop();
      if (frame.endsGameForPlayer) state.stack = [];
      continue;
    }
    if (frame.kind === "exchangeDiscard" && p.hand.length === 0) {
      stackOf(state).pop();
      continue;
    }
    if (frame.kind === "exchangeAgain" && p.draw.length + p.discard.length === 0) {
      stackOf(state).pop();
      continue;
    }
    return;
  }
}

