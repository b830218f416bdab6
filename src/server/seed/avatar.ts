import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import { loadSharp } from '../media/sharp';
import type { Random } from './random';

/**
 * Locally generated demo avatars: a gradient backdrop with soft decorative shapes and a faceless,
 * stylised head-and-shoulders figure. No text (fonts may be missing on a server), no network.
 */

const LARGE_SIZE = 1080;
const SMALL_SIZE = 320;

/** Background gradient pairs: soft, saturated, all readable behind a figure. */
const BACKDROPS: ReadonlyArray<readonly [string, string]> = [
  ['#f6d365', '#fda085'],
  ['#a18cd1', '#fbc2eb'],
  ['#84fab0', '#8fd3f4'],
  ['#ff9a9e', '#fecfef'],
  ['#fbc2eb', '#a6c1ee'],
  ['#a1c4fd', '#c2e9fb'],
  ['#d4fc79', '#96e6a1'],
  ['#fccb90', '#d57eeb'],
  ['#e0c3fc', '#8ec5fc'],
  ['#f093fb', '#f5576c'],
  ['#4facfe', '#00f2fe'],
  ['#43e97b', '#38f9d7'],
  ['#fa709a', '#fee140'],
  ['#a8edea', '#fed6e3'],
  ['#5ee7df', '#b490ca'],
  ['#d299c2', '#fef9d7'],
  ['#89f7fe', '#66a6ff'],
  ['#9890e3', '#b1f4cf'],
  ['#c471f5', '#fa71cd'],
  ['#48c6ef', '#6f86d6'],
  ['#feada6', '#f5efef'],
  ['#13547a', '#80d0c7'],
  ['#ff758c', '#ff7eb3'],
  ['#c79081', '#dfa579'],
  ['#0ba360', '#3cba92'],
  ['#b6cee8', '#f578dc'],
  ['#667eea', '#764ba2'],
  ['#ffecd2', '#fcb69f'],
  ['#ee9ca7', '#ffdde1'],
  ['#2af598', '#009efd'],
];

const SKIN_TONES = [
  '#3b2219',
  '#5c3a21',
  '#7b4b2a',
  '#8d5524',
  '#a0662d',
  '#c68642',
  '#d4a373',
  '#e0ac69',
  '#ecc19c',
  '#f1c27d',
  '#f6d5b8',
  '#ffdbac',
] as const;

const HAIR_COLOURS: ReadonlyArray<readonly [string, number]> = [
  ['#141414', 5],
  ['#2c1b10', 5],
  ['#4a2c17', 4],
  ['#6b3e26', 3],
  ['#a0522d', 2],
  ['#c58c4f', 2],
  ['#e6c07b', 2],
  ['#b9b4ae', 1],
  ['#7f5af0', 1],
  ['#e4579d', 1],
  ['#2cb1bc', 1],
  ['#ff7a59', 1],
];

const CLOTHES = [
  '#264653',
  '#2a9d8f',
  '#e76f51',
  '#f4a261',
  '#3d405b',
  '#81b29a',
  '#6d597a',
  '#b56576',
  '#355070',
  '#fefae0',
  '#1d3557',
  '#e63946',
  '#588157',
  '#bc6c25',
  '#ffffff',
  '#22223b',
] as const;

const HAIR_STYLES = ['pixie', 'long', 'bun', 'curly', 'bob', 'buzz', 'curtain', 'undercut', 'ponytail'] as const;
type HairStyle = (typeof HAIR_STYLES)[number];

/** Darkens (amount < 0) or lightens (amount > 0) a #rrggbb colour. */
function shade(hex: string, amount: number): string {
  const n = Number.parseInt(hex.slice(1), 16);
  const channel = (v: number) =>
    Math.round(Math.min(255, Math.max(0, amount < 0 ? v * (1 + amount) : v + (255 - v) * amount)));
  const r = channel((n >> 16) & 255);
  const g = channel((n >> 8) & 255);
  const b = channel(n & 255);
  return `#${((r << 16) | (g << 8) | b).toString(16).padStart(6, '0')}`;
}

const f = (n: number) => Math.round(n * 10) / 10;

const GRADIENT_CELLS = 16;

/**
 * A linear gradient as a tiny PNG that the renderer scales up smoothly. A linear function survives
 * bilinear interpolation exactly, and this renders about twice as fast as an SVG <linearGradient>.
 */
function gradientPng(from: string, to: string, angleDegrees: number): Buffer {
  const a = Number.parseInt(from.slice(1), 16);
  const b = Number.parseInt(to.slice(1), 16);
  const cos = Math.cos((angleDegrees * Math.PI) / 180);
  const sin = Math.sin((angleDegrees * Math.PI) / 180);
  const reach = (Math.abs(cos) + Math.abs(sin)) / 2;
  const n = GRADIENT_CELLS;
  const pixels = Buffer.alloc(n * (1 + n * 3));
  for (let y = 0; y < n; y++) {
    const row = y * (1 + n * 3);
    pixels[row] = 0; // filter: none
    for (let x = 0; x < n; x++) {
      const u = (x + 0.5) / n - 0.5;
      const v = (y + 0.5) / n - 0.5;
      const t = (u * cos + v * sin) / reach / 2 + 0.5;
      for (let c = 0; c < 3; c++) {
        const shift = 16 - c * 8;
        const start = (a >> shift) & 255;
        const end = (b >> shift) & 255;
        pixels[row + 1 + x * 3 + c] = Math.round(start + (end - start) * t);
      }
    }
  }
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(n, 0);
  header.writeUInt32BE(n, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // truecolour RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Hair drawn behind the head (length, volume) and in front of it (hairline, fringe). */
function hair(style: HairStyle, colour: string, random: Random): { back: string; front: string } {
  const dark = shade(colour, -0.25);
  switch (style) {
    case 'pixie':
      return {
        back: '',
        front: `<path d="M388 470 C372 300 460 238 548 242 C652 246 712 320 694 452 C672 368 612 326 528 334 C466 340 414 392 388 470 Z" fill="${colour}"/>`,
      };
    case 'long': {
      const length = random.int(760, 900);
      return {
        back: `<path d="M372 430 C352 250 462 206 542 206 C648 206 728 262 712 430 L748 ${length} C646 ${length + 40} 436 ${length + 40} 334 ${length} Z" fill="${colour}"/>`,
        front: `<path d="M390 470 C380 300 476 246 562 252 C652 260 704 326 692 446 C644 340 548 330 474 362 C440 380 410 418 390 470 Z" fill="${colour}"/>`,
      };
    }
    case 'bun':
      return {
        back: `<circle cx="540" cy="236" r="${random.int(66, 84)}" fill="${colour}"/>`,
        front: `<path d="M394 440 A146 172 0 0 1 686 440 C650 356 600 330 540 330 C480 330 430 356 394 440 Z" fill="${colour}"/>`,
      };
    case 'curly': {
      const puffs: string[] = [];
      const count = 15;
      for (let i = 0; i < count; i++) {
        const angle = Math.PI * (0.92 + (1.16 * i) / (count - 1));
        const radius = random.int(62, 82);
        puffs.push(
          `<circle cx="${f(540 + Math.cos(angle) * 178)}" cy="${f(440 + Math.sin(angle) * 196)}" r="${radius}" fill="${i % 2 ? colour : dark}"/>`,
        );
      }
      const front: string[] = [];
      for (let i = 0; i < 7; i++) {
        const x = 410 + i * 43;
        const y = 318 - Math.sin((Math.PI * i) / 6) * 46;
        front.push(`<circle cx="${f(x)}" cy="${f(y)}" r="${random.int(44, 56)}" fill="${colour}"/>`);
      }
      return { back: puffs.join(''), front: front.join('') };
    }
    case 'bob':
      return {
        back: `<path d="M366 450 C352 262 456 222 540 222 C626 222 730 262 714 450 L722 626 C676 648 620 640 600 610 L480 610 C460 640 404 648 358 626 Z" fill="${colour}"/>`,
        front: `<path d="M392 440 C386 300 460 250 540 250 C620 250 694 300 688 440 C688 420 668 392 640 386 L440 386 C412 392 392 420 392 440 Z" fill="${colour}"/>`,
      };
    case 'buzz':
      return {
        back: '',
        front: `<path d="M396 420 A145 172 0 0 1 684 420 C640 372 440 372 396 420 Z" fill="${colour}" fill-opacity="0.92"/>`,
      };
    case 'curtain': {
      const length = random.int(700, 840);
      return {
        back: `<path d="M370 440 C350 250 460 212 540 212 C620 212 730 250 710 440 L738 ${length} C650 ${length + 30} 430 ${length + 30} 342 ${length} Z" fill="${colour}"/>`,
        front: `<path d="M390 500 C380 300 460 250 540 254 C620 250 700 300 690 500 C672 390 604 336 540 306 C476 336 408 390 390 500 Z" fill="${colour}"/>`,
      };
    }
    case 'undercut':
      return {
        back: '',
        front: `<path d="M394 430 C388 300 470 236 556 240 C660 244 720 300 706 384 C690 340 640 318 584 330 C520 344 440 360 394 430 Z" fill="${colour}"/><path d="M394 430 C392 470 396 500 402 520 L414 520 C408 480 406 450 412 420 Z" fill="${dark}" fill-opacity="0.6"/>`,
      };
    case 'ponytail':
      return {
        back: `<path d="M640 300 C760 300 800 420 760 560 C748 610 716 640 700 650 C720 560 720 440 640 380 Z" fill="${dark}"/>`,
        front: `<path d="M394 450 A146 172 0 0 1 686 440 C660 366 600 324 540 326 C470 330 420 380 394 450 Z" fill="${colour}"/>`,
      };
  }
}

/** What stays the same across one person's photos. */
interface AvatarPerson {
  skin: string;
  hairColour: string;
  hairStyle: HairStyle;
  glasses: string | undefined;
  earrings: boolean;
}

export function randomPerson(random: Random): AvatarPerson {
  return {
    skin: random.pick(SKIN_TONES),
    hairColour: random.weighted(HAIR_COLOURS),
    hairStyle: random.pick(HAIR_STYLES),
    glasses: random.chance(0.25) ? random.pick(['#1f1f1f', '#7a3e2b', '#c0392b', '#2d6a4f']) : undefined,
    earrings: random.chance(0.4),
  };
}

/**
 * One avatar as SVG markup (1080×1080): the person's look, with backdrop, clothes and framing drawn
 * from `random`, so one person's photos differ the way real photos do.
 */
export function avatarSvg(random: Random, person: AvatarPerson = randomPerson(random)): string {
  const [from, to] = random.pick(BACKDROPS);
  const backdrop = gradientPng(from, to, random.int(0, 359));

  const decorations: string[] = [];
  // A soft halo behind the head.
  decorations.push(
    `<circle cx="${540 + random.int(-40, 40)}" cy="${460 + random.int(-30, 30)}" r="${random.int(280, 360)}" fill="#ffffff" fill-opacity="${f(random.int(12, 22) / 100)}"/>`,
  );
  const blobCount = random.int(3, 6);
  for (let i = 0; i < blobCount; i++) {
    const edge = random.int(0, 3);
    const along = random.int(0, 1080);
    const cx = edge === 0 ? random.int(-60, 180) : edge === 1 ? random.int(900, 1140) : along;
    const cy = edge === 2 ? random.int(-60, 180) : edge === 3 ? random.int(700, 1140) : along;
    const r = random.int(50, 220);
    const kind = random.int(0, 2);
    if (kind === 2) {
      decorations.push(
        `<circle cx="${cx}" cy="${cy}" r="${r}" fill="none" stroke="#ffffff" stroke-width="${random.int(8, 22)}" stroke-opacity="${f(random.int(18, 35) / 100)}"/>`,
      );
    } else {
      decorations.push(
        `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${kind === 0 ? '#ffffff' : to}" fill-opacity="${f(random.int(12, 30) / 100)}"/>`,
      );
    }
  }
  const dots = random.int(0, 14);
  for (let i = 0; i < dots; i++) {
    decorations.push(
      `<circle cx="${random.int(30, 1050)}" cy="${random.int(30, 640)}" r="${random.int(5, 14)}" fill="#ffffff" fill-opacity="${f(random.int(30, 70) / 100)}"/>`,
    );
  }
  if (random.chance(0.4)) {
    const y = random.int(780, 900);
    decorations.push(
      `<path d="M0 ${y} C270 ${y - 80} 540 ${y + 80} 810 ${y} S1080 ${y - 40} 1080 ${y} L1080 1080 L0 1080 Z" fill="#ffffff" fill-opacity="0.16"/>`,
    );
  }

  const { skin, hairColour, hairStyle, glasses } = person;
  const skinShadow = shade(skin, -0.18);
  const { back, front } = hair(hairStyle, hairColour, random);
  const shirt = random.pick(CLOTHES);
  const shirtShadow = shade(shirt, -0.2);

  const extras: string[] = [];
  if (person.earrings) {
    extras.push(`<circle cx="398" cy="512" r="11" fill="#f2c14e"/><circle cx="682" cy="512" r="11" fill="#f2c14e"/>`);
  }
  if (glasses) {
    const frame = glasses;
    extras.push(
      `<g fill="#ffffff" fill-opacity="0.18" stroke="${frame}" stroke-width="10"><rect x="430" y="420" width="96" height="72" rx="26"/><rect x="554" y="420" width="96" height="72" rx="26"/></g><path d="M526 450 Q540 438 554 450" fill="none" stroke="${frame}" stroke-width="9"/>`,
    );
  }
  if (random.chance(0.3)) {
    extras.push(
      `<path d="M470 752 Q540 830 610 752" fill="none" stroke="#f2c14e" stroke-width="5"/><circle cx="540" cy="${f(792)}" r="12" fill="#f2c14e"/>`,
    );
  }
  const jacket = random.chance(0.3)
    ? `<path d="M150 1080 C150 870 280 760 430 742 L520 1080 Z" fill="${shirtShadow}"/><path d="M930 1080 C930 870 800 760 650 742 L560 1080 Z" fill="${shirtShadow}"/>`
    : '';

  const dx = random.int(-40, 40);
  const scale = f(random.int(100, 114) / 100);
  const figure = [
    back,
    // Neck, with a soft shadow under the chin.
    `<rect x="480" y="540" width="120" height="250" rx="50" fill="${skin}"/>`,
    `<ellipse cx="540" cy="600" rx="62" ry="30" fill="${skinShadow}" fill-opacity="0.7"/>`,
    // Shoulders with a scoop neckline.
    `<path d="M150 1080 C150 860 290 752 440 736 Q540 820 640 736 C790 752 930 860 930 1080 Z" fill="${shirt}"/>`,
    jacket,
    // Ears and head.
    `<ellipse cx="396" cy="458" rx="24" ry="38" fill="${skinShadow}"/>`,
    `<ellipse cx="684" cy="458" rx="24" ry="38" fill="${skinShadow}"/>`,
    `<ellipse cx="540" cy="440" rx="146" ry="172" fill="${skin}"/>`,
    // Cheeks, for a little warmth.
    `<ellipse cx="474" cy="508" rx="30" ry="18" fill="#ff8a80" fill-opacity="0.22"/>`,
    `<ellipse cx="606" cy="508" rx="30" ry="18" fill="#ff8a80" fill-opacity="0.22"/>`,
    front,
    ...extras,
  ].join('');

  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${LARGE_SIZE}" height="${LARGE_SIZE}" viewBox="0 0 1080 1080">`,
    `<image width="1080" height="1080" preserveAspectRatio="none" href="data:image/png;base64,${backdrop.toString('base64')}"/>`,
    ...decorations,
    `<g transform="translate(${f(540 + dx - 540 * scale)} ${f(1080 - 1080 * scale)}) scale(${scale})">${figure}</g>`,
    `</svg>`,
  ].join('');
}

interface RenderedAvatar {
  large: Buffer;
  small: Buffer;
}

/** Rasterises once at full size, then encodes the 1080 px and 320 px WebP renditions from the pixels. */
async function renderAvatar(svg: string): Promise<RenderedAvatar> {
  const sharp = await loadSharp();
  const { data, info } = await sharp(Buffer.from(svg)).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const raw = { raw: { width: info.width, height: info.height, channels: info.channels } } as const;
  const [large, small] = await Promise.all([
    sharp(data, raw).webp({ quality: 82, effort: 0 }).toBuffer(),
    sharp(data, raw).resize(SMALL_SIZE, SMALL_SIZE).webp({ quality: 80, effort: 2 }).toBuffer(),
  ]);
  return { large, small };
}

/**
 * Where rendered demo avatars are kept between seeds: the community is the same for the same seed, so a
 * second seed (a new DATA_DIR, a test) copies files instead of rasterising ~560 SVGs again. `npm install`
 * warms it (scripts/prepare.ts), so even the first start only copies.
 */
export const AVATAR_CACHE_DIR = path.resolve(import.meta.dirname, '../../../../node_modules/.cache/steep-avatars');

/** renderAvatar through the cache, keyed by the SVG's hash. A broken cache entry is rendered again. */
export async function renderAvatarCached(svg: string, cacheDir = AVATAR_CACHE_DIR): Promise<RenderedAvatar> {
  const key = createHash('sha256').update(svg).digest('hex').slice(0, 32);
  const largePath = path.join(cacheDir, `${key}-l.webp`);
  const smallPath = path.join(cacheDir, `${key}-s.webp`);
  try {
    const [large, small] = await Promise.all([readFile(largePath), readFile(smallPath)]);
    if (large.length > 0 && small.length > 0) return { large, small };
  } catch {
    // Not cached yet.
  }
  const rendered = await renderAvatar(svg);
  try {
    await mkdir(cacheDir, { recursive: true });
    // Written under a temporary name and renamed, so a reader never sees half a file.
    const suffix = `.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
    await Promise.all([writeFile(largePath + suffix, rendered.large), writeFile(smallPath + suffix, rendered.small)]);
    await Promise.all([rename(largePath + suffix, largePath), rename(smallPath + suffix, smallPath)]);
  } catch {
    // A read-only cache only costs speed.
  }
  return rendered;
}
