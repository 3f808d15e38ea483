-- Issue #9: game RNGs are now seeded from the full SHA-256 of the seed (a 128-bit state).
-- Matches stored before that were played with the old 32-bit FNV derivation, and the prefix
-- selects it for them alone (packages/engine/src/rng.ts, LEGACY_SEED_PREFIX), so they still
-- replay move for move. (No semicolon in these comments: the engine splits statements on them.)
UPDATE "Match" SET "seed" = 'fnv32:' || "seed" WHERE "seed" NOT LIKE 'fnv32:%';
