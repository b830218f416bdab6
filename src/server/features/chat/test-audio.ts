/**
 * A real MP4/AAC voice note for tests, built box by box (ISO/IEC 14496-12 and -14): the container
 * Safari's MediaRecorder makes, which Chromium here cannot record. The AAC frames are silent
 * placeholders of the declared length; music-metadata reads container, codec and duration from the
 * headers, exactly as for a recorded file.
 */
function u32(n: number): Buffer {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n >>> 0);
  return b;
}
const u16 = (n: number) => Buffer.from([(n >> 8) & 0xff, n & 0xff]);
const zeros = (n: number) => Buffer.alloc(n);

function box(type: string, ...payload: Buffer[]): Buffer {
  const body = Buffer.concat(payload);
  return Buffer.concat([u32(8 + body.length), Buffer.from(type, 'latin1'), body]);
}
const fullBox = (type: string, version: number, flags: number, ...payload: Buffer[]) =>
  box(type, Buffer.from([version, (flags >> 16) & 0xff, (flags >> 8) & 0xff, flags & 0xff]), ...payload);
const MATRIX = Buffer.concat([
  u32(0x10000),
  u32(0),
  u32(0),
  u32(0),
  u32(0x10000),
  u32(0),
  u32(0),
  u32(0),
  u32(0x40000000),
]);

/** An MPEG-4 descriptor: tag, one-byte length (all ours are short). */
const descriptor = (tag: number, ...payload: Buffer[]) => {
  const body = Buffer.concat(payload);
  return Buffer.concat([Buffer.from([tag, body.length]), body]);
};

export function mp4AacVoice(durationMs: number): Buffer {
  const sampleRate = 44_100;
  const frames = Math.ceil(((durationMs / 1000) * sampleRate) / 1024);
  const frame = Buffer.from([0x21, 0x00, 0x49, 0x90, 0x02, 0x19, 0x00, 0x23, 0x80]);
  const mdatBody = Buffer.concat(Array.from({ length: frames }, () => frame));

  // AAC LC (object type 2), 44.1 kHz (index 4), mono: 00010 0100 0001 000.
  const audioSpecificConfig = Buffer.from([0x12, 0x08]);
  const esds = fullBox(
    'esds',
    0,
    0,
    descriptor(
      0x03,
      u16(0),
      Buffer.from([0]),
      descriptor(
        0x04,
        Buffer.from([0x40, 0x15, 0, 0, 0]),
        u32(64_000),
        u32(64_000),
        descriptor(0x05, audioSpecificConfig),
      ),
      descriptor(0x06, Buffer.from([0x02])),
    ),
  );
  const mp4a = box(
    'mp4a',
    zeros(6),
    u16(1),
    zeros(8),
    u16(1),
    u16(16),
    u16(0),
    u16(0),
    u32((sampleRate << 16) >>> 0),
    esds,
  );
  const mediaDuration = frames * 1024;
  const movieDuration = Math.round((mediaDuration / sampleRate) * 1000);

  const build = (chunkOffset: number) =>
    box(
      'moov',
      fullBox(
        'mvhd',
        0,
        0,
        u32(0),
        u32(0),
        u32(1000),
        u32(movieDuration),
        u32(0x10000),
        u16(0x100),
        zeros(10),
        MATRIX,
        zeros(24),
        u32(2),
      ),
      box(
        'trak',
        fullBox(
          'tkhd',
          0,
          7,
          u32(0),
          u32(0),
          u32(1),
          u32(0),
          u32(movieDuration),
          zeros(8),
          u16(0),
          u16(0),
          u16(0x100),
          u16(0),
          MATRIX,
          u32(0),
          u32(0),
        ),
        box(
          'mdia',
          fullBox('mdhd', 0, 0, u32(0), u32(0), u32(sampleRate), u32(mediaDuration), u16(0x55c4), u16(0)),
          fullBox('hdlr', 0, 0, u32(0), Buffer.from('soun'), zeros(12), Buffer.from('SoundHandler\0')),
          box(
            'minf',
            fullBox('smhd', 0, 0, u16(0), u16(0)),
            box('dinf', fullBox('dref', 0, 0, u32(1), fullBox('url ', 0, 1))),
            box(
              'stbl',
              fullBox('stsd', 0, 0, u32(1), mp4a),
              fullBox('stts', 0, 0, u32(1), u32(frames), u32(1024)),
              fullBox('stsc', 0, 0, u32(1), u32(1), u32(frames), u32(1)),
              fullBox('stsz', 0, 0, u32(frame.length), u32(frames)),
              fullBox('stco', 0, 0, u32(1), u32(chunkOffset)),
            ),
          ),
        ),
      ),
    );
  const ftyp = box('ftyp', Buffer.from('M4A '), u32(0), Buffer.from('M4A isommp42'));
  const moovSize = build(0).length;
  const moov = build(ftyp.length + moovSize + 8);
  return Buffer.concat([ftyp, moov, box('mdat', mdatBody)]);
}
