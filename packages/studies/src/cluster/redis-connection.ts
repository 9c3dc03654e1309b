/** The connection options of BullMQ (ioredis) from a redis:// URL; 'bad-option' naming --redis for a bad one. */
import { SysgraphError } from '@sysgraph/core';

export interface RedisConnection {
  readonly host: string;
  readonly port: number;
  readonly username?: string;
  readonly password?: string;
  readonly db?: number;
  readonly maxRetriesPerRequest: null;
}

export function redisConnection(url: string): RedisConnection {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    throw new SysgraphError('bad-option', `--redis ${url}: not a URL`, { field: '--redis', expected: 'redis://host:port[/db]' });
  }
  if (u.protocol !== 'redis:') throw new SysgraphError('bad-option', `--redis ${url}: the scheme is ${u.protocol}`, { field: '--redis', expected: 'redis://host:port[/db]' });
  const db = u.pathname.length > 1 ? Number(u.pathname.slice(1)) : undefined;
  if (db !== undefined && !Number.isInteger(db)) throw new SysgraphError('bad-option', `--redis ${url}: the database ${u.pathname.slice(1)} is not an integer`, { field: '--redis', expected: 'redis://host:port[/db]' });
  return {
    host: u.hostname || '127.0.0.1',
    port: u.port ? Number(u.port) : 6379,
    ...(u.username ? { username: decodeURIComponent(u.username) } : {}),
    ...(u.password ? { password: decodeURIComponent(u.password) } : {}),
    ...(db !== undefined ? { db } : {}),
    // BullMQ's workers block on Redis; ioredis must not give up on a command
    maxRetriesPerRequest: null,
  };
}
