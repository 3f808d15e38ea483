/**
 * Plain-language sentences for every log event the El Paso rules push (rules.ts). Events are
 * data; this is the one place that turns them into sentences for the table's log, in the
 * reader's language (one message per sentence in messages/{en,de}.json).
 */
import { SIMMENTAL_SPACE_VP, type WorkerType } from "@saloon/el-paso";
import { type LogEvent } from "@saloon/engine";
import { seatName } from "../../lib/seats.ts";
import { m } from "../../paraglide/messages.js";
import { possessive } from "../grammar.ts";
import { describeSueEvent } from "./sue-log.ts";
import { aCard, aWorker, bonusGain, breedName, certificates, dollars, joinAnd, points, postName, tileKind, tileText, workerCount } from "./words.ts";

const num = (value: unknown): number => (typeof value === "number" ? value : 0);
const cards = (value: unknown): string[] => (Array.isArray(value) ? value.filter((c): c is string => typeof c === "string") : []);

/**
 * A trail node in words a player can find on the board ("Building D", "the $2 space after
 * Building C"); `asSpace` names a building space itself rather than what now stands on it.
 * German names come in the dative the log's and prompts' sentences need ("zu Gebäude D",
 * "auf dem Bauplatz ($2) hinter Gebäude C").
 */
export type NodeNamer = (node: unknown, asSpace?: boolean) => string;

const defaultNodeName: NodeNamer = (node) => (node === "T00" ? m.elpaso_log_el_paso() : m.elpaso_log_somewhere());

/** "elpaso" for El Paso itself (German goes "nach El Paso", but "zu Gebäude D"). */
export const target = (node: unknown): string => (node === "T00" ? "elpaso" : "other");

const wildWorkers = (n: number): string => workerCount("WLD", n);

export function describeEvent(event: LogEvent, names: readonly string[], nodeName: NodeNamer = defaultNodeName): string {
  const who = (seat: unknown) => seatName(names, typeof seat === "number" ? seat : null);
  const actor = who(event.seat);
  const wild = num(event.wild);
  switch (event.type) {
    case "tookTile": {
      const facts = { actor, kind: tileKind(event.tile), tile: String(event.tile), text: tileText(String(event.tile)) };
      return event.fromPile ? m.elpaso_log_took_tile_pile(facts) : m.elpaso_log_took_tile(facts);
    }
    case "turn":
      return m.elpaso_log_turn({ owner: possessive(actor) });
    case "moved": {
      const cowboys = num(event.cowboys);
      const place = nodeName(event.to);
      return cowboys
        ? m.elpaso_log_moved_cowboys({ actor, place, cowboys: workerCount("COW", cowboys), target: target(event.to) })
        : m.elpaso_log_moved({ actor, place, target: target(event.to) });
    }
    case "built": {
      const facts = { actor, building: num(event.building), place: nodeName(event.node, true), paid: dollars(num(event.paid)) };
      return wild ? m.elpaso_log_built_wild({ ...facts, wild: wildWorkers(wild) }) : m.elpaso_log_built(facts);
    }
    case "upgraded": {
      const facts = { actor, building: num(event.building), paid: dollars(num(event.paid)) };
      return wild ? m.elpaso_log_upgraded_wild({ ...facts, wild: wildWorkers(wild) }) : m.elpaso_log_upgraded(facts);
    }
    case "usedToken":
      return m.elpaso_log_used_token({ actor });
    case "drew": {
      const workers = cards(event.workers);
      const parts: string[] = num(event.cattle) ? [m.elpaso_cattle_cards({ count: num(event.cattle) })] : [];
      for (const w of workers) parts.push(aCard(w));
      if (parts.length === 0) return m.elpaso_log_drew_nothing({ actor });
      return workers.length ? m.elpaso_log_drew_workers({ actor, cards: joinAnd(parts), count: workers.length }) : m.elpaso_log_drew({ actor, cards: joinAnd(parts) });
    }
    case "drewCattle":
      return m.elpaso_log_drew_cattle({ actor, cards: joinAnd(cards(event.cards).map(aCard)) });
    case "exchangeDiscarded":
      return m.elpaso_log_exchange_discarded({ actor, card: aCard(event.card) });
    case "discardedCattle":
      return m.elpaso_log_discarded_cattle({ actor, card: aCard(event.card), money: dollars(num(event.money)) });
    case "boughtCattle": {
      const facts = { actor, card: aCard(event.card), paid: dollars(num(event.paid)) };
      return wild ? m.elpaso_log_bought_cattle_wild({ ...facts, wild: wildWorkers(wild) }) : m.elpaso_log_bought_cattle(facts);
    }
    case "gainedCattle":
      return num(event.paid)
        ? m.elpaso_log_gained_cattle_paid({ actor, card: aCard(event.card), paid: dollars(num(event.paid)) })
        : m.elpaso_log_gained_cattle({ actor, card: aCard(event.card) });
    case "removedCattle":
      return m.elpaso_log_removed_cattle({ actor, card: aCard(event.card) });
    case "gainedMoney":
      return m.elpaso_log_gained_money({ actor, money: dollars(num(event.money)) });
    case "gainedCertificates":
      return num(event.certificates) > 0
        ? m.elpaso_log_gained_certificates({ actor, certificates: certificates(num(event.certificates)) })
        : m.elpaso_log_certificates_full({ owner: possessive(actor) });
    case "gainedToken":
      return num(event.paid) ? m.elpaso_log_gained_token_paid({ actor, paid: dollars(num(event.paid)) }) : m.elpaso_log_gained_token({ actor });
    case "hired":
      return num(event.paid)
        ? m.elpaso_log_hired({ actor, worker: aWorker(event.worker), paid: dollars(num(event.paid)) })
        : m.elpaso_log_hired_free({ actor, worker: aWorker(event.worker) });
    case "usedTrain": {
      const facts = { actor, card: num(event.card), paid: dollars(num(event.paid)) };
      return wild ? m.elpaso_log_used_train_wild({ ...facts, wild: wildWorkers(wild) }) : m.elpaso_log_used_train(facts);
    }
    case "aux":
      return m.elpaso_log_aux({ actor, aux: num(event.aux) });
    case "workerBonus":
      return m.elpaso_log_worker_bonus({ actor, worker: aWorker(event.worker as WorkerType), gain: bonusGain(event.worker) });
    case "tookSimmental":
      return m.elpaso_log_took_simmental({ actor, left: m.elpaso_simmentals({ count: num(event.left) }) });
    case "endTriggered":
      return m.elpaso_log_end_triggered();
    case "simmentalSpace":
      return m.elpaso_log_simmental_space({ actor, points: points(SIMMENTAL_SPACE_VP) });
    case "revealedHand": {
      const hand = cards(event.cards);
      return m.elpaso_log_revealed_hand({
        actor,
        cards: hand.length ? joinAnd(hand.map((c) => breedName(c.slice(2, 5)))) : m.elpaso_log_an_empty_hand(),
        value: num(event.breedingValue),
      });
    }
    case "delivered": {
      const spent = num(event.spent);
      const money = num(event.money);
      const details =
        (spent ? m.elpaso_log_delivered_spent({ certificates: certificates(spent) }) : "") +
        (money ? (money > 0 ? m.elpaso_log_delivered_gains : m.elpaso_log_delivered_pays)({ money: dollars(Math.abs(money)) }) : "");
      return m.elpaso_log_delivered({ actor, post: postName(event.post), disc: String(event.disc).slice(1), details });
    }
    case "noDisc":
      return m.elpaso_log_no_disc({ actor });
    case "gameOver":
      return m.elpaso_log_game_over();
    default:
      return describeSueEvent(event, actor, nodeName) ?? m.elpaso_log_unknown({ type: event.type });
  }
}

/** Events that open a new block in the log. */
export function isTurnMarker(event: LogEvent): boolean {
  return event.type === "turn";
}
