/**
 * Colyseus's Redis presence and driver, for a server that shares its tables with other processes
 * (REDIS_URL). Loaded only then: ioredis builds its few hundred command methods as it is imported,
 * and with the two Colyseus packages it was ~50-80 ms of every start's CPU (the start's profile)
 * for a single-process server that never uses it; the build keeps a dynamic import in a chunk of
 * its own, read only when called.
 */
import type { MatchMakerDriver, Presence } from "@colyseus/core";

export interface RedisParts {
  presence: Presence;
  driver: MatchMakerDriver;
}

export async function redisParts(url: string): Promise<RedisParts> {
  const [{ RedisPresence }, { RedisDriver }] = await Promise.all([import("@colyseus/redis-presence"), import("@colyseus/redis-driver")]);
  return { presence: new RedisPresence(url), driver: new RedisDriver(url) };
}
