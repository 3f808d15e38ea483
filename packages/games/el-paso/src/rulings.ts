/**
 * Every ruling for Great Western Trail: El Paso in one place. Source "rulebook" = a reading of a
 * rule sentence quoted in the text; "data" = the recommended
 * ruling of shared/data/el-paso.md §12 (its id in brackets); "ours" = decided here for the
 * engine. The rules code cites these by key (search "RULINGS.").
 */
export interface Ruling {
  source: "rulebook" | "data" | "ours";
  text: string;
}

export const RULINGS = {
  objectivePickOrder: { source: "data", text: "[A1] Starting objectives are picked in printed order (start player first, clockwise), each replaced at once; the table option objectivePicks: \"reverse\" gives BGA's reverse order." },
  spentWorkersToDiscard: { source: "data", text: "[A2] Workers spent as a cost or for their bonus go to the personal discard pile and come back through the draw pile." },
  exchangeDrawsWorkers: { source: "data", text: "[A13] An exchange that draws a worker puts it in the worker area and keeps drawing until a cattle card is drawn (or both piles are empty); then one hand card is discarded." },
  noLegalDisc: { source: "data", text: "[A14] With no legal disc (none left, only dark discs below 10, only unaffordable negative discs) no disc is placed and no reward taken; the rest of El Paso happens. Worker bonuses may be used first." },
  lightDiscsOnDarkPosts: { source: "data", text: "[A15] Light discs may go on dark posts." },
  duplicatesStack: { source: "data", text: "[A16] Each COUNT_DUPLICATE tile lets one more duplicate card count; the highest-valued duplicates are counted." },
  wildInObjectives: { source: "data", text: "[A17] A wild worker fills a WORKER:COW/ENG/BLD requirement; WORKER:WLD needs a wild." },
  builderPool: { source: "data", text: "[A18] BUILDERS:n draws on the sum of the builder costs of the tiles owned at game end." },
  moveForfeits: { source: "data", text: "[A19] A move action ends the use of every open action source of the turn (the location, a train card or bonus tile in it); their unused actions are lost. The new location is used in full; El Paso reached this way is resolved completely." },
  bonusImmediate: { source: "data", text: "[A20] A one-time bonus tile is resolved immediately on taking it (its actions are offered at once, each optional) or forfeited." },
  tiebreak: { source: "data", text: "[A21] Tie-break: money mod 5, the dollars left after converting $5 into 1 VP. Still tied: a shared win." },
  twoDifferentWorkers: { source: "data", text: "[A22] \"Two different workers\" at B are two different types; at most one of them can be wild: $13, +$4 if one is wild. As in Mary's example they are hired one after the other: the first for $5 (+$4 wild), then optionally a second of another type for $8 (+$4 wild), with worker bonuses and exchanges usable in between." },
  buildersDuringDelivery: { source: "data", text: "[A23] The builder bonus ($2 → 1 certificate) may be used during delivery; the cap of 4 still applies." },
  finalTurns: { source: "data", text: "[A24] The player who puts the herder on the Simmental space ends their game; every other player gets one more turn, in which El Paso gives $5 and a delivery but no Simmental." },
  emptySupplies: { source: "data", text: "[A12/A26] An action taking from an empty supply (market breed, worker type, tile pile) is not offered for that item; nothing is created." },
  trashOnlyHand: { source: "data", text: "[A27] Removing a card (aux 4, remove actions) only takes cattle from the hand." },
  discardPileVisibility: { source: "ours", text: "A discard pile is face up: its owner sees all of it; everyone else sees its size and its top card. Draw piles are known by their size only, to everyone including their owner. Hands are seen by their owner only, except at delivery, where the whole hand is revealed (a public event)." },
  ownedTilesPublic: { source: "ours", text: "Objective and bonus tiles a player owns are public (as on BGA's player panel), including a tile drawn face down from a pile; the piles themselves are known by size only." },
  cowboysOnMove: { source: "ours", text: "The move option is the destination. The shortest path to it is used (BGA derives the fork), and the cowboys needed beyond the step limit are discarded automatically as their bonus; cowboys are not offered as a bonus outside a move, where they would do nothing." },
  minimalCertificates: { source: "ours", text: "A delivery option names post, disc and the certificates to spend; only the least number needed to reach the post is offered, since spending more changes nothing and certificates not spent are kept." },
  exchangeAnyTime: { source: "rulebook", text: "Exchange tokens are used \"at any point during your turn\" (Gameplay; Gaining an Exchange Token), El Paso included: before the delivery, so the hand revealed and delivered is the one after the exchange, and during a post's reward. No rule sentence excepts El Paso. One token is one exchange, finished (draw, then discard) before anything else." },
  usedUpSourceCloses: { source: "ours", text: "An action source whose every action has been used closes by itself; otherwise the player ends it with \"done\". The turn ends (draw phase) when nothing is left open, so worker bonuses and exchanges must be used before the last action." },
  uselessActionsNotOffered: { source: "ours", text: "An action that cannot do anything now (no matching card in hand, a full certificate track, nothing affordable) is not offered." },
  startPlayer: { source: "ours", text: "Seat 0 is the start player; turn order is seat 0, 1, 2, …" },
  // ---- Sue, the solo opponent (sue.ts, sue-turn.ts)
  sueFork: { source: "data", text: "[A4] Sue's \"shortest possible path\" at a fork: the branch with fewer locations at that moment; on a tie the inner branch." },
  sueClosestClockwise: { source: "data", text: "[A5] \"Closest to Sue's herder (clockwise)\": forward distance in spaces (every node counts, built or empty), wrapping past El Paso; ties: the inner branch, then the lower node id." },
  sueKeepsWorkers: { source: "data", text: "[A6] Sue spends no workers and no money on market, train or building: her worker counts are thresholds, kept for VP." },
  sueMinimumStep: { source: "data", text: "[A7/A28] A \"1 step per worker\" card moves her at least 1 step; an action needing a worker type she has none of does nothing." },
  sueMaxedOut: { source: "data", text: "[A8] \"Both buildings maxed out\" is absolute: each is type 6 or no higher type is left in the display. If she can neither build nor upgrade and is not maxed out, nothing happens." },
  sueRewards: { source: "data", text: "[A10] Sue takes only objective tiles and workers (as a supply draw) as post rewards, and tiles, Corrientes and hires (as a supply draw) from a train card; every other reward or action is ignored." },
  sueAfterPost16: { source: "data", text: "[A11] Her deliveries go 7, 9, 10, 12, 16 and stay on 16 (it takes several discs) until her discs are used up; then she delivers nothing." },
  sueSoldOut: { source: "data", text: "[A12] Sue's market takes the next cheaper breed still there when hers is sold out; a Corriente or Hereford she should take that is sold out is not taken." },
  sueEmptySupply: { source: "data", text: "[§11.3] A draw from her empty supply deck does nothing (it is never refilled)." },
  sueWildAllFull: { source: "data", text: "[§11.3] A wild worker she draws when every type has 4 or more joins the leftmost type of her strategy row." },
  sueBonusVpOnly: { source: "data", text: "[§11.3] A bonus tile gives Sue its VP only; its effect is not used." },
  sueBuildFirstPossible: { source: "data", text: "[§11.3] Her build card does the first possible of: a new building (fewer than 2, a type her builders reach, an empty space); an upgrade of one of her buildings to the largest type her builders reach; a Hereford when both are maxed out. So with one building and no empty space she upgrades it." },
  sueRowWorkers: { source: "ours", text: "The three workers of her strategy row are her first workers (one of each type), and the workers she draws are stacked on them, so they count for her movement, market, train, building and choice, and score as workers. No sentence of the book says it outright (checked again for issue #13), but four of them read naturally only this way: a drawn wild is put \"to the leftmost worker\" (onto a row card; R-DE \"auf den Stapel des Arbeitertyps\", and her row is where those stacks lie); the wild example's \"4 Engineers\" and the cap \"4 or more\" fit one row card plus the 3 of that type in her supply; her market (\"1 = Black Angus\"), train and build cards give outcomes from 1 worker up and none for 0, a case that never arises when the row counts; and her score is \"tallied as normal\", which counts the worker cards in a player's area. (shared/data §11.2 assumed an empty start, hence its minimum-step ruling A7, which this reading never needs.)" },
  sueBCards: { source: "ours", text: "Difficulty n (0–3) adds the B-cards B1 … Bn to her bot deck, so which cards are in it is known to the player, as when choosing them at a real table; only their order is hidden." },
  sueSetup: { source: "ours", text: "Sue plays seat 1 of a 2-player game: that seat's starting cattle cards are not used, its starting workers go back to the stacks, and she has no money and no token. Her row workers, her supply deck's 12 workers and its 3 Black Angus and 3 Corriente come from the general stacks and the market. Her discs are placed D1 (post 5 at setup), then D2 … D7, so the light ones come first; which disc she places changes nothing for her." },
  sueTilesFaceUp: { source: "ours", text: "\"The tile with the most VPs\" is chosen among the face-up tiles; with none of the allowed kind face up she takes nothing (she never draws blind from a pile)." },
  sueWildScoresAsPrinted: { source: "ours", text: "A wild worker she added to a type counts as that type for every rule, and still scores its printed 3 VP." },
  sueStepByStep: { source: "ours", text: "Sue's turn is played in steps (draw a card, move, the card's action, and El Paso when she is there), each one prompt to her seat with a single option; her seat is a bot seat named Sue, and no person can sit there." },
} as const satisfies Record<string, Ruling>;

export type RulingId = keyof typeof RULINGS;
