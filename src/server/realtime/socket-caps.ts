import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import type WebSocket from 'ws';
import { WS_CLOSE } from '../../contract/realtime';
import type { Config } from '../config';
import { AppError, unavailable } from '../http/errors';
import { localText } from '../i18n';

/**
 * Sockets are cheap but not free (a file descriptor, buffers, a presence lease): one account held
 * 2 000. Per user, a new socket pushes out her oldest (close 4008) so a fresh tab always works; per
 * client address and per instance, new upgrades are refused once full.
 */
export class SocketCaps {
  private readonly byUser = new Map<string, WebSocket[]>();
  private readonly byIp = new Map<string, number>();

  constructor(private readonly config: Pick<Config, 'SOCKETS_PER_USER' | 'SOCKETS_PER_IP' | 'SOCKETS_PER_INSTANCE'>) {}

  /** Before the upgrade: throws when the address or the instance is full. */
  admit(ip: string, open: number): void {
    if (open >= this.config.SOCKETS_PER_INSTANCE) throw unavailable(localText('thisServerIsFull'));
    if ((this.byIp.get(ip) ?? 0) >= this.config.SOCKETS_PER_IP) {
      throw new AppError(429, 'RATE_LIMITED', localText('tooManyConnectionsFrom'), { retryAfterSeconds: 30 });
    }
  }

  opened(socket: WebSocket, userId: string, ip: string): void {
    const mine = this.byUser.get(userId) ?? [];
    mine.push(socket);
    this.byUser.set(userId, mine);
    this.byIp.set(ip, (this.byIp.get(ip) ?? 0) + 1);
    while (mine.length > this.config.SOCKETS_PER_USER) {
      const oldest = mine.shift();
      oldest?.close(WS_CLOSE.tooManyConnections, 'Too many connections: closed your oldest');
    }
    socket.once('close', () => {
      const list = this.byUser.get(userId);
      const index = list?.indexOf(socket) ?? -1;
      if (list && index >= 0) list.splice(index, 1);
      if (list?.length === 0) this.byUser.delete(userId);
      const count = (this.byIp.get(ip) ?? 1) - 1;
      if (count <= 0) this.byIp.delete(ip);
      else this.byIp.set(ip, count);
    });
  }
}

const SHARED_LEASE_MS = 45_000;
const SHARED_RENEW_MS = 15_000;
const CLOSE_CHANNEL = 'steep:socket-caps:close';
const userKey = (userId: string) => `steep:sockets:${userId}`;

/**
 * SOCKETS_PER_USER across every instance (with Redis): each open socket is a member of the user's
 * sorted set, named by its opening time and instance, scored by when its instance last vouched for it
 * (every 15 s; a crashed instance's sockets fall out after 45 s). When a new socket takes her over the
 * cap, her oldest sockets are closed with 4008 wherever they are: here directly, elsewhere through a
 * Redis message to the instance holding them. Without Redis the per-instance cap above still holds.
 */
export class SharedUserSocketCap {
  private readonly instance = randomBytes(6).toString('hex');
  private sequence = 0;
  private readonly local = new Map<string, { socket: WebSocket; userId: string }>();
  private readonly subscriber: Redis;
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly redis: Redis,
    private readonly cap: number,
  ) {
    // Subscriptions wait for the connection (and are renewed after a reconnect by ioredis).
    this.subscriber = redis.duplicate({
      connectionName: 'steep-socket-caps',
      enableOfflineQueue: true,
      maxRetriesPerRequest: null,
    });
    this.subscriber.on('error', () => {});
    void this.subscriber.subscribe(CLOSE_CHANNEL).catch(() => {});
    this.subscriber.on('message', (_channel: string, member: string) => this.closeHere(member));
    this.timer = setInterval(() => void this.renew(), SHARED_RENEW_MS);
    this.timer.unref();
  }

  async opened(socket: WebSocket, userId: string): Promise<void> {
    // Zero-padded milliseconds first: the names sort in opening order.
    const member = `${String(Date.now()).padStart(15, '0')}:${this.instance}:${++this.sequence}`;
    this.local.set(member, { socket, userId });
    socket.once('close', () => {
      this.local.delete(member);
      void this.redis.zrem(userKey(userId), member).catch(() => {});
    });
    try {
      const now = Date.now();
      const results = await this.redis
        .multi()
        .zadd(userKey(userId), now, member)
        .pexpire(userKey(userId), SHARED_LEASE_MS * 2)
        .zrangebyscore(userKey(userId), now - SHARED_LEASE_MS, '+inf')
        .exec();
      const live = ((results?.[2]?.[1] as string[] | undefined) ?? []).sort();
      for (const oldest of live.slice(0, Math.max(0, live.length - this.cap))) {
        if (!this.closeHere(oldest)) await this.redis.publish(CLOSE_CHANNEL, oldest);
      }
    } catch {
      // Redis unreachable: this instance's own cap still applies.
    }
  }

  /** Closes the socket named `member` if this instance holds it. */
  private closeHere(member: string): boolean {
    const entry = this.local.get(member);
    if (!entry) return false;
    entry.socket.close(WS_CLOSE.tooManyConnections, 'Too many connections: closed your oldest');
    return true;
  }

  private async renew(): Promise<void> {
    if (this.local.size === 0) return;
    const now = Date.now();
    const batch = this.redis.pipeline();
    for (const [member, { userId }] of this.local) {
      batch.zadd(userKey(userId), 'XX', now, member).pexpire(userKey(userId), SHARED_LEASE_MS * 2);
    }
    await batch.exec().catch(() => {});
  }

  close(): void {
    clearInterval(this.timer);
    this.subscriber.disconnect();
  }
}
