/**
 * The cluster suite (`npm run test:cluster`): a private PostgreSQL cluster and redis-server,
 * s3rver (the S3 API as a real server process), three Steep instances from the production build and
 * nginx in front of them with the repository's configuration (deploy/nginx/steep.conf.template), all
 * on free loopback ports in a temp dir. Everything a client does goes through nginx; an instance is
 * addressed directly only to prove what it serves. Prints one table: each scenario, pass/fail, its
 * numbers. Timeouts are generous and every wait polls for the thing itself: the machine may be loaded.
 *
 *   CLUSTER_SOCKETS=5000 (default) sockets in the load scenario.
 */
import { createHash, randomBytes } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import sharp from 'sharp';
import { multipart } from '../../src/server/features/profiles/test-factories';
import { check, freePort, PrivatePostgres, PrivateRedis, sleep } from '../lib/services';
import { match, request, signUp, Socket, type Frame, type Member } from './clients';
import { Instance, LocalS3, Nginx, ROOT, waitFor } from './processes';

const STARTED = Date.now();
const DEADLINE = STARTED + 10 * 60_000;
const SOCKETS = Number(process.env.CLUSTER_SOCKETS ?? 5000);
const log = (line: string) => process.stderr.write(`[cluster ${Math.round((Date.now() - STARTED) / 1000)}s] ${line}\n`);

interface Row {
  scenario: string;
  pass: boolean;
  numbers: string;
}
const rows: Row[] = [];

/** Runs one scenario; a failure is a FAIL row (with its reason), and the suite goes on to the next. */
async function scenario(name: string, run: () => Promise<string>): Promise<void> {
  check(Date.now() < DEADLINE, 'out of time');
  log(`▶ ${name}`);
  try {
    rows.push({ scenario: name, pass: true, numbers: await run() });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    log(`✗ ${name}: ${message}`);
    rows.push({ scenario: name, pass: false, numbers: message.slice(0, 160) });
  }
}

/** A distinct loopback address per simulated client network. */
const address = (n: number) => `127.0.${Math.floor(n / 250) + 1}.${(n % 250) + 2}`;

const percentile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? NaN;

async function main(): Promise<void> {
  // The production build: the same command as the Dockerfile and CI (incremental: cached when fresh).
  const build = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
  check(build.status === 0, 'npm run build failed');
  log('production build ready');

  const tmp = mkdtempSync(path.join(os.tmpdir(), 'steep-cluster-'));
  const postgres = new PrivatePostgres(await freePort());
  const redis = new PrivateRedis(await freePort());
  const s3 = new LocalS3(await freePort(), path.join(tmp, 's3'));
  const ports = [await freePort(), await freePort(), await freePort()];
  const nginx = new Nginx(await freePort(), path.join(tmp, 'nginx'), ports);
  const teaKey = randomBytes(32).toString('hex');
  const env = (name: string): Record<string, string> => ({
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    DATA_DIR: path.join(tmp, name),
    DATABASE_URL: postgres.url,
    REDIS_URL: redis.url,
    TEA_AUTHOR_KEY: teaKey,
    SEED: 'none',
    LOG_LEVEL: 'warn',
    DRAIN_SECONDS: '3',
    TRUST_PROXY: 'true',
    PUBLIC_URL: nginx.base,
    JOBS_POLL_MS: '250',
    MEDIA_STORE: 's3',
    S3_ENDPOINT: s3.endpoint,
    S3_REGION: 'us-east-1',
    S3_BUCKET: s3.bucket,
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    S3_FORCE_PATH_STYLE: 'true',
  });
  const instances = ports.map((port, i) => new Instance(`steep-${'abc'[i]}`, port, env(`steep-${'abc'[i]}`)));
  const db = new pg.Pool({ connectionString: postgres.url, max: 4 });
  const sql = async <T = Record<string, unknown>>(text: string, params: unknown[] = []) =>
    (await db.query(text, params)).rows as T[];
  const sockets: Socket[] = [];
  try {
    postgres.start();
    await redis.start();
    await s3.start();
    // The first instance applies the migrations; the others start on a migrated database.
    const firstBoot = await instances[0]!.start();
    const boots = await Promise.all(instances.slice(1).map((instance) => instance.start()));
    await nginx.start();
    log(`3 instances ready (boot ${firstBoot} ms, then ${boots.join(' / ')} ms), nginx on ${nginx.base}`);
    const base = nginx.base;

    let made = 0;
    /** Members made straight in the database with a session each: sign-up's scrypt for thousands would take minutes. */
    const sqlMembers = async (count: number): Promise<Member[]> => {
      const [template] = await sql<{ id: string }>('select id from users order by created_at limit 1');
      const created = await sql<{ id: string }>(
        `insert into users (username, password_hash, name, age, location, latitude, longitude, gender_identity, sexual_orientation)
         select 'load_' || ($3::int + g), password_hash, 'Load ' || g, age, location, latitude, longitude, gender_identity, sexual_orientation
         from users, generate_series(1, $2::int) g where id = $1 returning id`,
        [template!.id, count, made],
      );
      made += count;
      const tokens = created.map(() => randomBytes(32).toString('base64url'));
      await sql(
        `insert into sessions (token_hash, user_id, expires_at)
         select h, u::uuid, now() + interval '1 day' from unnest($1::text[], $2::text[]) as t(h, u)`,
        [tokens.map((t) => createHash('sha256').update(t).digest('hex')), created.map((row) => row.id)],
      );
      return created.map((row, n) => ({
        id: row.id,
        username: `load_${made - count + n + 1}`,
        cookie: `steep_session=${tokens[n]}`,
      }));
    };

    // ---------------------------------------------------------------- media
    await scenario('photo uploaded through one instance is served by every instance; deleted everywhere', async () => {
      const ana = await signUp(base, address(1));
      const image = await sharp({ create: { width: 800, height: 800, channels: 3, background: '#a4508b' } })
        .jpeg()
        .toBuffer();
      const upload = multipart([{ filename: 'photo.jpg', contentType: 'image/jpeg', data: image }]);
      const added = await request(base, 'POST', `/api/users/${ana.id}/photos`, {
        cookie: ana.cookie,
        raw: { data: upload.payload, headers: upload.headers },
        from: address(1),
      });
      check(added.status === 201, `upload answered ${added.status}`);
      const [photo] = added.json<{ photos: Array<{ id: string; url: string }> }>().photos;
      check(photo, 'no photo listed');
      const served = await Promise.all(instances.map((instance) => request(instance.base, 'GET', photo.url)));
      check(
        served.every((r) => r.status === 200 && r.body.equals(served[0]!.body)),
        `instances answered ${served.map((r) => r.status).join('/')}`,
      );
      const key = photo.url.split('/').pop()!;
      check((await s3.objectStatus(`public/photos/${key}`)) === 200, 'the object is not in the bucket');
      const deleted = await request(base, 'DELETE', `/api/users/${ana.id}/photos/${photo.id}`, {
        cookie: ana.cookie,
        from: address(1),
      });
      check(deleted.status === 200, `delete answered ${deleted.status}`);
      const goneMs = await waitFor('the photo gone from every instance and the bucket', async () => {
        const statuses = await Promise.all(instances.map((i) => request(i.base, 'GET', photo.url)));
        return statuses.every((r) => r.status === 404) && (await s3.objectStatus(`public/photos/${key}`)) === 404;
      });
      await waitFor(
        'the media.delete job done',
        async () =>
          (await sql<{ status: string }>(`select status from jobs where kind = 'media.delete'`)).every(
            (r) => r.status === 'done',
          ),
        60_000,
      );
      return `200 from ${served.length}/3 instances (${served[0]!.body.length} B, identical); 404 on every instance and in the bucket ${goneMs} ms after the delete answered`;
    });

    // ---------------------------------------------------------------- sessions, limits, caps
    await scenario('sessions hold across instances; logout ends them on every instance', async () => {
      const bea = await signUp(base, address(2));
      const before = (await nginx.log()).length;
      const seen = await Promise.all(
        Array.from({ length: 9 }, () => request(base, 'GET', '/api/auth/session', { cookie: bea.cookie })),
      );
      check(
        seen.every((r) => r.json<{ user: { id: string } | null }>().user?.id === bea.id),
        'a request lost the session',
      );
      const answered = new Set((await nginx.log()).slice(before).flatMap((l) => l.upstreams));
      check(answered.size === 3, `only ${answered.size} instances answered the 9 requests (round-robin?)`);
      const out = await request(base, 'POST', '/api/auth/logout', { cookie: bea.cookie, from: address(2) });
      check(out.status === 200 || out.status === 204, `logout answered ${out.status}`);
      const after = await Promise.all(
        instances.map((i) => request(i.base, 'GET', '/api/auth/session', { cookie: bea.cookie })),
      );
      check(
        after.every((r) => r.json<{ user: unknown }>().user === null),
        'an instance still accepts the ended session',
      );
      return `9 requests answered by 3 instances with one session; after logout 3/3 instances refuse it`;
    });

    await scenario(
      'rate limits are reached in total across instances (sign-ups per address, messages per member)',
      async () => {
        // Sign-ups: 10 an hour per client address, counted in Redis by every instance.
        const from = address(40);
        const results: number[] = [];
        for (let i = 0; i < 13; i++) {
          const r = await request(base, 'POST', '/api/auth/register', {
            from,
            body: {
              username: `cl_limit_${process.pid}_${i}`,
              password: 'Cluster_pass1',
              name: `Limit ${i}`,
              age: 30,
              location: 'Portland, Oregon',
              genderIdentity: 'woman',
              sexualOrientation: 'lesbian',
            },
          });
          results.push(r.status);
        }
        const created = results.filter((s) => s === 201).length;
        check(created === 10, `${created} sign-ups from one address passed (limit 10 in total)`);
        // Messages: a burst of 30 per member, shared by HTTP and sockets on every instance.
        const [a, b] = [await signUp(base, address(41)), await signUp(base, address(42))];
        const matchId = await match(base, a, b, address(41));
        const started = Date.now();
        const statuses = await Promise.all(
          Array.from({ length: 45 }, (_, i) =>
            request(base, 'POST', '/api/messages', {
              cookie: a.cookie,
              from: address(41),
              body: { matchId, content: `burst ${i}`, clientMessageId: `burst-${i}` },
            }).then((r) => r.status),
          ),
        );
        const seconds = (Date.now() - started) / 1000;
        const accepted = statuses.filter((s) => s === 201 || s === 200).length;
        // 30 at once plus one a second refilled while the burst was in flight; per instance it would be 45.
        check(
          accepted >= 30 && accepted <= 30 + Math.ceil(seconds) + 1,
          `${accepted} of 45 messages accepted in ${seconds.toFixed(1)} s (limit 30 + 1/s in total)`,
        );
        check(statuses.filter((s) => s === 429).length === 45 - accepted, 'refusals were not 429');
        return `sign-ups from one address: ${created} of 13 (429 after 10); messages: ${accepted} of 45 in ${seconds.toFixed(1)} s (burst 30 in total, not 90)`;
      },
    );

    await scenario('socket caps hold in total: per client address (nginx) and per member (Redis)', async () => {
      // 22 members with 5 sockets each, from one address: no member reaches her own cap.
      const members = await sqlMembers(22);
      const from = address(44);
      const opened: Socket[] = [];
      let refused = 0;
      for (let i = 0; i < 110; i++) {
        try {
          opened.push(await Socket.open(base, members[i % 22]!, from));
        } catch (error) {
          check((error as { status?: number }).status === 429, `socket ${i}: ${(error as Error).message}`);
          refused += 1;
        }
      }
      for (const socket of opened) socket.close();
      check(refused === 10, `${refused} of 110 refused (cap 100 per address)`);
      // One member, 12 sockets from 12 addresses, spread by nginx over the three instances (4 each, under
      // each instance's own 10): her 2 oldest are closed with 4008, wherever they are.
      const [eve] = await sqlMembers(1);
      const hers: Socket[] = [];
      for (let i = 0; i < 12; i++) hers.push(await Socket.open(base, eve!, address(200 + i)));
      await waitFor(
        'her two oldest sockets closed',
        () => hers.filter((s) => s.closeCode !== undefined).length >= 2,
        30_000,
      );
      const closed = hers.map((s, i) => (s.closeCode === undefined ? -1 : i)).filter((i) => i >= 0);
      const codes = closed.map((i) => hers[i]!.closeCode);
      for (const socket of hers) socket.close();
      check(
        closed.length === 2 && closed[0] === 0 && closed[1] === 1 && codes.every((c) => c === 4008),
        `closed sockets ${closed.join(',')} with ${codes.join(',')} (want the 2 oldest with 4008)`,
      );
      return `110 from one address: ${110 - refused} accepted, ${refused} refused with 429 by nginx (the instances' own caps: 100 each); 12 for one member over 3 instances: her 2 oldest closed with 4008, 10 open`;
    });

    // ---------------------------------------------------------------- chat across instances
    const [cleo, dana] = [await signUp(base, address(5)), await signUp(base, address(6))];
    const chatMatch = await match(base, cleo, dana, address(5));

    /** Opens a socket and learns which instance took it (the one whose connection count rose). */
    const openCounted = async (member: Member, from: string, avoid?: Instance): Promise<[Socket, Instance]> => {
      for (let attempt = 0; attempt < 6; attempt++) {
        const before = instances.map((i) => (i.alive ? i.connections() : 0));
        const socket = await Socket.open(base, member, from);
        const rose = instances.filter((i, n) => i.alive && i.connections() > before[n]!);
        if (rose.length === 1 && rose[0] !== avoid) return [socket, rose[0]!];
        socket.close();
        await waitFor('socket closed', () => instances.every((i, n) => !i.alive || i.connections() <= before[n]! + 1));
      }
      throw new Error('could not place a socket on a known instance');
    };

    await scenario('chat between sockets on different instances, with presence and typing', async () => {
      const [c, onC] = await openCounted(cleo, address(5));
      const [d, onD] = await openCounted(dana, address(6), onC);
      sockets.push(c, d);
      await c.next((f) => f.type === 'online_status' && f.userId === dana.id && f.isOnline === true, 30_000, true);
      d.send({ type: 'typing', matchId: chatMatch });
      await c.next((f) => f.type === 'typing' && f.userId === dana.id);
      const sentAt = Date.now();
      d.send({ type: 'message', matchId: chatMatch, content: 'across instances', clientMessageId: 'x-1' });
      const got = await c.next((f) => f.type === 'message' && (f.message as Frame).clientMessageId === 'x-1');
      const latency = Date.now() - sentAt;
      check((got.message as Frame).content === 'across instances', 'wrong content');
      d.close();
      const offlineMs = await waitFor(
        'Cleo told Dana went offline',
        () => c.frames.some((f) => f.type === 'online_status' && f.userId === dana.id && f.isOnline === false),
        60_000,
      );
      return `Cleo on ${onC.name}, Dana on ${onD.name}: online, typing, message in ${latency} ms; offline after ${offlineMs} ms`;
    });

    /**
     * Two members talk without pause over sockets through nginx, each message retried with its
     * clientMessageId until its echo (the acknowledgement) arrives, reconnecting through nginx when the
     * socket closes. Returns the acknowledged ids and when each was acknowledged.
     */
    function converse(members: Array<[Member, string]>, prefix: string) {
      let running = true;
      const acked = new Map<string, number>();
      const closes: number[] = [];
      const talkers = members.map(async ([member, from], n) => {
        let socket: Socket | undefined;
        for (let i = 0; running; i++) {
          const id = `${prefix}-${n}-${i}`;
          for (;;) {
            if (!socket?.open) {
              if (socket?.closeCode) closes.push(socket.closeCode);
              socket = await Socket.open(base, member, from, 10_000).catch(() => undefined);
              if (!socket) {
                await sleep(200);
                continue;
              }
            }
            socket.send({ type: 'message', matchId: chatMatch, content: id, clientMessageId: id });
            const ok = await socket
              .next((f) => f.type === 'message' && (f.message as Frame).clientMessageId === id, 5_000)
              .then(() => true)
              .catch(() => false);
            if (ok) {
              acked.set(id, Date.now());
              break;
            }
          }
          if (!running) break;
          // A person's pace, not a script's: the message budget is 30 at once and one a second.
          await sleep(400);
        }
        socket?.close();
      });
      return {
        acked,
        closes,
        async stop() {
          running = false;
          await Promise.all(talkers);
        },
      };
    }

    const verifyExactlyOnce = async (acked: Map<string, number>) => {
      const ids = [...acked.keys()];
      const stored = await sql<{ id: string; n: number }>(
        'select client_message_id as id, count(*)::int as n from messages where client_message_id = any($1) group by 1',
        [ids],
      );
      const counts = new Map(stored.map((r) => [r.id, r.n]));
      return {
        lost: ids.filter((id) => !counts.has(id)).length,
        duplicated: [...counts.values()].filter((n) => n > 1).length,
      };
    };

    await scenario(
      'SIGKILL one instance mid-conversation: clients reconnect through nginx, 0 acked lost or duplicated',
      async () => {
        const talk = converse(
          [
            [cleo, address(5)],
            [dana, address(6)],
          ],
          'kill',
        );
        await waitFor('the conversation under way', () => talk.acked.size >= 6, 60_000);
        // Kill an instance that carries one of the two sockets.
        const carrying = instances.filter((i) => i.alive && i.connections() > 0);
        const victim = carrying[0]!;
        const killedAt = Date.now();
        victim.kill9();
        await victim.exited;
        const countAt = talk.acked.size;
        await waitFor('acknowledgements resume', () => talk.acked.size >= countAt + 6, 90_000);
        const recovery = Math.min(...[...talk.acked.values()].filter((t) => t > killedAt)) - killedAt;
        await talk.stop();
        // Back to three before anything is checked: the next scenarios need all of them.
        const restart = await victim.start();
        const { lost, duplicated } = await verifyExactlyOnce(talk.acked);
        check(lost === 0 && duplicated === 0, `${lost} lost, ${duplicated} duplicated`);
        return `${talk.acked.size} acked, 0 lost, 0 duplicated; killed ${victim.name}, first ack after ${recovery} ms; it restarted in ${restart} ms`;
      },
    );

    await scenario('SIGTERM drains with 1012; nginx stops sending new requests to it', async () => {
      const talk = converse(
        [
          [cleo, address(5)],
          [dana, address(6)],
        ],
        'term',
      );
      await waitFor('the conversation under way', () => talk.acked.size >= 4, 60_000);
      // Extra sockets so that every instance carries some.
      const extra = await Promise.all(Array.from({ length: 6 }, (_, i) => Socket.open(base, cleo, address(60 + i))));
      const victim = instances.find((i) => i.connections() > 0)!;
      const logBefore = (await nginx.log()).length;
      const termAt = Date.now();
      victim.sigterm();
      const codes = await Promise.all(extra.map((s) => s.closed(5_000).catch(() => -1)));
      const restarts = codes.filter((c) => c === 1012).length;
      check(restarts > 0, `no socket was closed with 1012 (codes ${codes.join(',')})`);
      // Those clients reconnect through nginx.
      const again = await Promise.all(extra.map((_, i) => Socket.open(base, cleo, address(60 + i))));
      const countAt = talk.acked.size;
      await waitFor('acknowledgements resume', () => talk.acked.size >= countAt + 4, 60_000);
      for (let i = 0; i < 15; i++) await request(base, 'GET', '/api/auth/session', { cookie: cleo.cookie });
      const exit = await victim.exited;
      const drainedMs = Date.now() - termAt;
      for (const s of again) s.close();
      await talk.stop();
      const lines = (await nginx.log()).slice(logBefore);
      // Back to three before anything is checked: the next scenarios need all of them.
      const restart = await victim.start();
      const { lost, duplicated } = await verifyExactlyOnce(talk.acked);
      check(exit === 0, `exit code ${exit}`);
      check(lost === 0 && duplicated === 0, `${lost} lost, ${duplicated} duplicated`);
      // Once nginx saw the instance refuse (503 while draining) or fail, no request was answered by it.
      // (After fail_timeout nginx may try it again: a refused connection, then the next instance.)
      const attempts = (l: (typeof lines)[number]) =>
        l.upstreams.map((port, n) => ({ port, status: l.upstreamStatus.split(',')[n]?.trim() ?? '' }));
      const failed = (status: string) => /^(502|503|504)$/.test(status);
      const firstFailure = lines.findIndex((l) => attempts(l).some((a) => a.port === victim.port && failed(a.status)));
      check(firstFailure >= 0, 'nginx never saw the draining instance refuse');
      const later = lines.slice(firstFailure + 1);
      const served = later.filter((l) => attempts(l).some((a) => a.port === victim.port && !failed(a.status))).length;
      const probes = later.filter((l) => attempts(l).some((a) => a.port === victim.port)).length - served;
      check(served === 0, `${served} requests answered by ${victim.name} after nginx marked it down`);
      return `${restarts}/${extra.length} sockets closed 1012 and reconnected; ${talk.acked.size} acked, 0 lost/dup; exit 0 after ${drainedMs} ms; 0 answered by it after nginx saw its first 503 (${probes} retried elsewhere after fail_timeout); restarted in ${restart} ms`;
    });

    // ---------------------------------------------------------------- background jobs
    await scenario(
      'background jobs run exactly once across the three (mail, SMS, media deletes, renewals)',
      async () => {
        const people = await Promise.all([7, 8, 9, 10, 11].map((n) => signUp(base, address(n))));
        for (const [i, person] of people.entries()) {
          const r = await request(base, 'POST', '/api/account/email', {
            cookie: person.cookie,
            from: address(7 + i),
            body: { email: `${person.username}@cluster.example`, currentPassword: 'Cluster_pass1' },
          });
          check(r.status < 300, `set email answered ${r.status}: ${r.body.toString()}`);
        }
        const outboxes = instances.map((i) => path.join(i.env.DATA_DIR!, 'outbox'));
        const mails = () =>
          outboxes.flatMap((dir) =>
            existsSync(dir) ? readdirSync(dir).map((f) => readFileSync(path.join(dir, f), 'utf8')) : [],
          );
        const perPerson = () =>
          people.map((p) => mails().filter((m) => m.includes(`${p.username}@cluster.example`)).length);
        await waitFor('every verification mail written', () => perPerson().every((n) => n >= 1), 60_000);
        await waitFor(
          'the mail jobs done',
          async () =>
            (
              await sql<{ n: number }>(
                `select count(*)::int as n from jobs where kind like 'mail%' and status <> 'done'`,
              )
            )[0]!.n === 0,
          60_000,
        );
        const counts = perPerson();
        check(
          counts.every((n) => n === 1),
          `mails per person: ${counts.join(',')}`,
        );
        const writers = outboxes.filter((dir) => existsSync(dir) && readdirSync(dir).length > 0).length;
        const deletes = await sql<{ status: string; attempts: number }>(
          `select status, attempts from jobs where kind = 'media.delete'`,
        );
        check(
          deletes.length > 0 && deletes.every((d) => d.status === 'done' && d.attempts === 1),
          `media deletes: ${JSON.stringify(deletes)}`,
        );
        // SMS: a confirmed number, then a new match while she has no socket open: one text, sent by one instance.
        const [fay, gia] = [people[0]!, people[1]!];
        const phone = await request(base, 'PUT', `/api/users/${fay.id}/sms-settings`, {
          cookie: fay.cookie,
          from: address(7),
          body: { phoneNumber: '+15035550123', smsNotifications: true },
        });
        check(phone.status === 200, `sms settings answered ${phone.status}: ${phone.body.toString()}`);
        const [codeText] = await sql<{ body: string }>('select body from sms_outbox where user_id = $1', [fay.id]);
        const code = /\d{6}/.exec(codeText?.body ?? '')?.[0];
        check(code, 'no confirmation code in the SMS outbox');
        const confirmed = await request(base, 'POST', `/api/users/${fay.id}/sms-settings/verify`, {
          cookie: fay.cookie,
          from: address(7),
          body: { code },
        });
        check(confirmed.status === 200, `sms verify answered ${confirmed.status}`);
        await match(base, gia, fay, address(8));
        const texts = async () =>
          (
            await sql<{ n: number }>(
              `select count(*)::int as n from sms_outbox where user_id = $1 and body not like '%code%'`,
              [fay.id],
            )
          )[0]!.n;
        await waitFor('the match text sent', async () => (await texts()) >= 1, 60_000);
        await waitFor(
          'the SMS jobs done',
          async () =>
            (
              await sql<{ n: number }>(
                `select count(*)::int as n from jobs where kind like 'sms%' and status <> 'done'`,
              )
            )[0]!.n === 0,
          60_000,
        );
        const matchTexts = await texts();
        check(matchTexts === 1, `${matchTexts} match texts for one match`);
        const renewals = await sql<{ status: string }>(`select status from jobs where kind = 'billing.renewals'`);
        const pending = renewals.filter((r) => r.status === 'queued' || r.status === 'running').length;
        check(pending <= 1, `${pending} renewal sweeps queued or running at once`);
        return `5 mails, each written once (by ${writers} instance(s)); 1 match text for 1 match; ${deletes.length} media deletes done in 1 attempt each; renewal sweeps: ${renewals.length} rows, ${pending} pending (one at a time)`;
      },
    );

    // ---------------------------------------------------------------- load
    await scenario(`${SOCKETS} concurrent sockets over three instances, message p99 and RSS`, async () => {
      // An instance restarted by an earlier scenario may still be out of nginx's rotation (fail_timeout after
      // the refusal it met while restarting): wait until a request through nginx has reached each of the three.
      await waitFor(
        'nginx routes to all three instances',
        async () => {
          const from = (await nginx.log()).length;
          for (let i = 0; i < 6; i++) await request(base, 'GET', '/health');
          const served = new Set(
            (await nginx.log())
              .slice(from)
              .flatMap((l) => l.upstreams.filter((_, n) => l.upstreamStatus.split(',')[n]?.trim() === '200')),
          );
          return instances.every((i) => served.has(i.port));
        },
        30_000,
      );
      const members = await sqlMembers(Math.ceil(SOCKETS / 5));
      // Pairs that talk while everyone else is connected.
      const pairs: Array<[Member, Member, string]> = [];
      for (let i = 0; i + 1 < Math.min(members.length, 40); i += 2) {
        const [a, b] = [members[i]!, members[i + 1]!].sort((x, y) => (x.id < y.id ? -1 : 1)) as [Member, Member];
        const [row] = await sql<{ id: string }>('insert into matches (user_a, user_b) values ($1, $2) returning id', [
          a.id,
          b.id,
        ]);
        pairs.push([a, b, row!.id]);
      }
      const connectStarted = Date.now();
      const load: Socket[] = [];
      const socketOf = new Map<string, Socket>();
      let failures = 0;
      const queue = Array.from({ length: SOCKETS }, (_, n) => n);
      await Promise.all(
        Array.from({ length: 100 }, async () => {
          for (let n = queue.shift(); n !== undefined; n = queue.shift()) {
            const member = members[n % members.length]!;
            // 50 sockets per client address: under the 100 nginx allows each.
            const socket = await Socket.open(base, member, address(100 + Math.floor(n / 50)), 60_000).catch(() => {
              failures += 1;
              return undefined;
            });
            if (socket) {
              load.push(socket);
              socketOf.set(member.id, socket);
            }
          }
        }),
      );
      sockets.push(...load);
      const connectSeconds = (Date.now() - connectStarted) / 1000;
      check(failures <= SOCKETS * 0.01, `${failures} of ${SOCKETS} sockets failed to connect`);
      const perInstance = instances.map((i) => i.connections());
      // Round-robin spreads them; an instance nginx took out of rotation shows here (with nginx's reason).
      if (Math.min(...perInstance) < SOCKETS / 6) {
        const errors = readFileSync(path.join(nginx.dir, 'error.log'), 'utf8').split('\n').filter(Boolean);
        throw new Error(`sockets per instance ${perInstance.join('/')}; nginx: ${errors.slice(-2).join(' | ')}`);
      }
      // Messages between the pairs, each timed from send to the partner's socket receiving it.
      const latencies: number[] = [];
      const find = (m: Member) => socketOf.get(m.id);
      for (let round = 0; round < 5; round++) {
        await Promise.all(
          pairs.map(async ([a, b, matchId], n) => {
            const from = find(a);
            const to = find(b);
            if (!from || !to) return;
            const id = `load-${round}-${n}`;
            const at = performance.now();
            from.send({ type: 'message', matchId, content: id, clientMessageId: id });
            await to.next((f) => f.type === 'message' && (f.message as Frame).clientMessageId === id, 30_000);
            latencies.push(performance.now() - at);
          }),
        );
      }
      check(latencies.length >= pairs.length * 4, `only ${latencies.length} messages timed`);
      const sorted = latencies.sort((x, y) => x - y);
      const rss = await Promise.all(instances.map((i) => i.rssMiB()));
      for (const s of load) s.close();
      return `${load.length} open (${failures} failed) in ${connectSeconds.toFixed(0)} s; per instance ${perInstance.join('/')} connections; message p50 ${percentile(sorted, 0.5).toFixed(0)} ms, p99 ${percentile(sorted, 0.99).toFixed(0)} ms (${sorted.length} msgs); RSS ${rss.map((r) => r.toFixed(0)).join('/')} MiB`;
    });
  } finally {
    for (const s of sockets) s.close();
    nginx.stop();
    for (const instance of instances) instance.kill9();
    s3.stop();
    redis.kill();
    await db.end().catch(() => {});
    postgres.destroy();
    rmSync(tmp, { recursive: true, force: true });
  }
}

main().then(
  () => {
    const width = Math.max(...rows.map((r) => r.scenario.length));
    console.log(`\n| ${'scenario'.padEnd(width)} | result | numbers`);
    console.log(`|${'-'.repeat(width + 2)}|--------|--------`);
    for (const r of rows) console.log(`| ${r.scenario.padEnd(width)} | ${r.pass ? 'PASS  ' : 'FAIL  '} | ${r.numbers}`);
    console.log(
      `\ntotal ${Math.round((Date.now() - STARTED) / 1000)} s, ${os.cpus().length} CPUs, load ${os.loadavg()[0]!.toFixed(1)}`,
    );
    process.exit(rows.every((r) => r.pass) ? 0 : 1);
  },
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
