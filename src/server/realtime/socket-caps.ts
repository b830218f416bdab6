import type WebSocket from 'ws';
import { WS_CLOSE } from '../../contract/realtime';
import type { Config } from '../config';
import { AppError, unavailable } from '../http/errors';

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
    if (open >= this.config.SOCKETS_PER_INSTANCE) throw unavailable('This server is full. Reconnect in a moment.');
    if ((this.byIp.get(ip) ?? 0) >= this.config.SOCKETS_PER_IP) {
      throw new AppError(429, 'RATE_LIMITED', 'Too many connections from your network', { retryAfterSeconds: 30 });
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
