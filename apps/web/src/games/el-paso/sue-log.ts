/**
 * Sue's turn in plain sentences, from the structured events of sue-turn.ts (listed in its header
 * comment). Each step of her turn is its own line, so a person follows her turn as it is paced:
 * "Sue draws A5: 1 step per engineer, then the train." … "Sue takes train card 2 (2 engineers)."
 * The German edition calls her bot cards Automa-Karten; each sentence is one message.
 */
import { BOT_CARDS, type BotAction, type BotMovement, type WorkerType } from "@saloon/el-paso";
import type { LogEvent } from "@saloon/engine";
import { m } from "../../paraglide/messages.js";
import { possessive } from "../grammar.ts";
import { type NodeNamer, target } from "./log.ts";
import { aCard, points, postName, steps, tileKind, workerCount, workerWords } from "./words.ts";

const num = (value: unknown): number => (typeof value === "number" ? value : 0);

function movementText(movement: BotMovement): string {
  return typeof movement === "number" ? steps(movement) : m.elpaso_sue_movement_per({ worker: workerWords(movement).name });
}

function actionText(action: BotAction): string {
  const count = action.t === "SUPPLY_DRAW" ? action.n : 0;
  return m.elpaso_sue_action({ action: action.t, cards: m.elpaso_sue_supply_cards({ count }) });
}

/** What a bot card does, as on the card: "2 steps, then a card from her supply". */
export function botCardText(card: unknown): string {
  const data = typeof card === "string" ? BOT_CARDS[card] : undefined;
  return data ? m.elpaso_sue_card({ movement: movementText(data.movement), action: actionText(data.action) }) : m.elpaso_sue_unknown_card();
}

/** A sentence for one of Sue's events, or null when the event is not hers (log.ts handles it). */
export function describeSueEvent(event: LogEvent, actor: string, nodeName: NodeNamer): string | null {
  switch (event.type) {
    case "sueReshuffled":
      return m.elpaso_sue_reshuffled({ owner: possessive(actor), cards: m.elpaso_sue_discarded_cards({ count: num(event.cards) }) });
    case "sueDrew":
      return m.elpaso_sue_drew({ actor, card: String(event.card), text: botCardText(event.card), left: m.elpaso_cards({ count: num(event.deckLeft) }) });
    case "sueMoved": {
      const facts = { actor, steps: steps(num(event.steps)), place: nodeName(event.to), target: target(event.to) };
      const stopped = event.stoppedInElPaso === true;
      if (typeof event.per !== "string") return stopped ? m.elpaso_sue_moved_stopped(facts) : m.elpaso_sue_moved(facts);
      const per = { ...facts, worker: workerWords(event.per).name, workers: num(event.workers) };
      if (num(event.workers) === 0) return stopped ? m.elpaso_sue_moved_per_none_stopped(per) : m.elpaso_sue_moved_per_none(per);
      return stopped ? m.elpaso_sue_moved_per_stopped(per) : m.elpaso_sue_moved_per(per);
    }
    case "sueChose":
      return m.elpaso_sue_chose({ actor, workers: workerWords(event.worker).plural, count: num(event.workers), action: String(event.action) });
    case "sueDrewSupply": {
      const reason = String(event.reason);
      const card = String(event.card);
      if (event.to === "cattle") return m.elpaso_sue_drew_supply_cattle({ actor, card: aCard(card), reason });
      if (card.startsWith("W-WLD")) return m.elpaso_sue_drew_supply_wild({ actor, workers: workerWords(event.to).plural, reason });
      return m.elpaso_sue_drew_supply({ actor, card: aCard(card), reason });
    }
    case "sueSupplyEmpty":
      return m.elpaso_sue_supply_empty({ owner: possessive(actor) });
    case "sueBoughtCattle":
      return m.elpaso_sue_bought_cattle({ actor, cowboys: workerCount("COW", num(event.cowboys)), card: aCard(event.card) });
    case "sueTookTrain":
      return m.elpaso_sue_took_train({ actor, train: num(event.train), engineers: workerCount("ENG", num(event.engineers)) });
    case "sueTookTile":
      return m.elpaso_sue_took_tile({ actor, kind: tileKind(event.tile), tile: String(event.tile), points: points(num(event.vp)) });
    case "sueTookCattle":
      return event.reason === "maxedOut"
        ? m.elpaso_sue_took_cattle_maxed({ owner: possessive(actor), card: aCard(event.card) })
        : m.elpaso_sue_took_cattle({ actor, card: aCard(event.card) });
    case "sueBuilt":
      return m.elpaso_sue_built({ actor, building: num(event.building), builders: workerCount("BLD", num(event.builders)), place: nodeName(event.node, true) });
    case "sueUpgraded":
      return m.elpaso_sue_upgraded({
        actor,
        from: num(event.from),
        place: nodeName(event.node, true),
        building: num(event.building),
        builders: workerCount("BLD" as WorkerType, num(event.builders)),
      });
    case "sueNothing":
      return m.elpaso_sue_nothing({ actor, why: `${String(event.action)}/${String(event.reason)}` });
    case "sueDelivered":
      // Her reward, if she takes one, follows as its own line (a tile, or a supply draw for a worker).
      return m.elpaso_sue_delivered({ actor, post: postName(event.post), disc: String(event.disc).slice(1) });
    default:
      return null;
  }
}
