import { createRequire } from 'node:module';
import path from 'node:path';
import { loadSharp } from '../../media/sharp';

/*
 * The optional nudity check of message photos: nsfwjs's MobileNetV2, whose weights ship inside
 * the npm package (nsfwjs/models/mobilenet_v2, bundled as JavaScript), run by TensorFlow.js on its
 * WebAssembly backend (the .wasm files ship inside @tensorflow/tfjs-backend-wasm). Nothing is downloaded.
 * Measured here: the model loads in ~1.5 s once per process, a photo takes ~0.1–0.5 s.
 */

export interface NudityClassifier {
  /** True when the photo is likely explicit: the recipient sees a warning and it stays blurred. */
  isLikelyExplicit(image: Buffer): Promise<boolean>;
}

/** Porn + Hentai at least this likely. 'Sexy' (swimwear, lingerie) alone is not labelled. */
const EXPLICIT_THRESHOLD = 0.6;
const INPUT_SIZE = 224;

interface Prediction {
  className: string;
  probability: number;
}
interface NsfwModel {
  classify(image: unknown): Promise<Prediction[]>;
}

const require = createRequire(import.meta.url);

async function loadModel(): Promise<{
  model: NsfwModel;
  tensor: (pixels: Int32Array, h: number, w: number) => { dispose(): void };
}> {
  const tf = await import('@tensorflow/tfjs');
  const wasm = await import('@tensorflow/tfjs-backend-wasm');
  wasm.setWasmPaths(path.dirname(require.resolve('@tensorflow/tfjs-backend-wasm')) + path.sep);
  await tf.setBackend('wasm');
  await tf.ready();
  const nsfw = await import('nsfwjs');
  const model = (await nsfw.load('MobileNetV2')) as unknown as NsfwModel;
  return { model, tensor: (pixels, h, w) => tf.tensor3d(pixels, [h, w, 3], 'int32') };
}

/** Loads the model on first use; one photo is classified at a time (the WASM backend is single-threaded anyway). */
export function createNsfwClassifier(): NudityClassifier {
  let loading: ReturnType<typeof loadModel> | undefined;
  let queue: Promise<unknown> = Promise.resolve();
  return {
    isLikelyExplicit(image) {
      const run = queue.then(async () => {
        loading ??= loadModel();
        const { model, tensor } = await loading;
        const sharp = await loadSharp();
        const { data, info } = await sharp(image)
          .resize(INPUT_SIZE, INPUT_SIZE, { fit: 'fill' })
          .removeAlpha()
          .raw()
          .toBuffer({ resolveWithObject: true });
        const input = tensor(new Int32Array(data), info.height, info.width);
        try {
          const predictions = await model.classify(input);
          const p = (name: string) => predictions.find((x) => x.className === name)?.probability ?? 0;
          return p('Porn') + p('Hentai') >= EXPLICIT_THRESHOLD;
        } finally {
          input.dispose();
        }
      });
      queue = run.catch(() => undefined);
      return run;
    },
  };
}
