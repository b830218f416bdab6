import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import type { BusMessage } from './bus';
import { BUS_CHANNEL, createRedisBus } from './redis-bus';

describe.runIf(process.env.TEST_REDIS_URL)('Redis bus between instances', () => {
  const url = process.env.TEST_REDIS_URL as string;
  const connections: Redis[] = [];
  const connect = () => {
    const redis = new Redis(url);
    connections.push(redis);
    return redis;
  };
  afterAll(async () => {
    await Promise.all(connections.map((c) => c.quit()));
  });
  const fail = (error: unknown) => {
    throw error;
  };

  async function instance() {
    const instanceId = randomUUID();
    const bus = createRedisBus({ publisher: connect(), subscriber: connect(), instanceId, onError: fail });
    await bus.ready;
    return { bus, instanceId };
  }

  /** What `bus` hears that concerns `users` (other test runs may share the channel). */
  function heardBy(bus: Awaited<ReturnType<typeof instance>>['bus'], users: Set<string>): BusMessage[] {
    const heard: BusMessage[] = [];
    bus.subscribe((message) => {
      const about = message.kind === 'frame' || message.kind === 'revoke-pair' ? message.userIds : [];
      if (about.some((id) => users.has(id))) heard.push(message);
    });
    return heard;
  }

  it('delivers everything published in one turn once, in order, in one PUBLISH, with frames intact', async () => {
    const [a, b] = [await instance(), await instance()];
    const [ana, bea] = [randomUUID(), randomUUID()];
    const users = new Set([ana, bea]);
    const onA = heardBy(a.bus, users);
    const onB = heardBy(b.bus, users);
    const raw = connect();
    const publishes: string[] = [];
    raw.on('message', (_channel: string, body: string) => {
      if (body.startsWith(a.instanceId)) publishes.push(body);
    });
    await raw.subscribe(BUS_CHANNEL);

    // Quotes, a line break and U+2028 inside the text: a frame is JSON, whatever its content.
    const tricky = JSON.stringify({ type: 'message', content: 'say "hi"\nthen\u2028more, ünïcödé 🍵' });
    const sent: BusMessage[] = [
      { kind: 'frame', userIds: [ana, bea], data: tricky },
      { kind: 'revoke-pair', userIds: [ana, bea] },
      { kind: 'frame', userIds: [bea], data: JSON.stringify({ type: 'typing', userId: ana }) },
      { kind: 'frame', userIds: [ana], data: 'not from serialise:\ntwo lines' },
    ];
    for (const message of sent) a.bus.publish(message);

    expect(onA).toEqual(sent);
    await expect.poll(() => onB.length).toBe(sent.length);
    expect(onB).toEqual(sent);
    expect(publishes).toHaveLength(1);
    // A later turn's message crosses after the first PUBLISH (one channel keeps its order): once B has it,
    // a duplicate of the first turn would have arrived before it.
    const marker: BusMessage = { kind: 'frame', userIds: [ana], data: 'marker' };
    a.bus.publish(marker);
    await expect.poll(() => onB.at(-1)).toEqual(marker);
    expect(onA).toEqual([...sent, marker]);
    expect(onB).toEqual([...sent, marker]);
    await Promise.all([a.bus.close(), b.bus.close()]);
  });

  it("settles delivered() once Redis has answered the turn's PUBLISH, not before", async () => {
    const [a, b] = [await instance(), await instance()];
    const key = randomUUID();
    const onB: string[] = [];
    b.bus.subscribe((message) => {
      if (message.kind === 'evict' && message.keys.includes(key)) onB.push(message.cache);
    });
    await a.bus.delivered();
    a.bus.publish({ kind: 'evict', cache: 'sessions', keys: [key] });
    let answered = false;
    const delivered = a.bus.delivered().then(() => (answered = true));
    // The batch is still waiting for the end of this turn: nothing can have reached Redis yet.
    await Promise.resolve();
    expect(answered).toBe(false);
    await delivered;
    // Redis handed the message to B's connection when it answered A's PUBLISH: B reads it next.
    await expect.poll(() => onB).toEqual(['sessions']);
    await Promise.all([a.bus.close(), b.bus.close()]);
  });

  it('understands an instance still publishing one JSON envelope per message', async () => {
    const b = await instance();
    const ana = randomUUID();
    const onB = heardBy(b.bus, new Set([ana]));
    const message: BusMessage = { kind: 'frame', userIds: [ana], data: JSON.stringify({ type: 'typing' }) };
    await connect().publish(BUS_CHANNEL, JSON.stringify({ o: randomUUID(), m: message }));
    await expect.poll(() => onB).toEqual([message]);
    await b.bus.close();
  });
});
