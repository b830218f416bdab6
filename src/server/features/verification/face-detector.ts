import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadSharp } from '../../media/sharp';

/*
 * Face detection with BlazeFace, as shipped inside @vladmandic/human (models/blazeface.*), run by
 * TensorFlow.js on its WebAssembly backend (the .wasm files ship inside @tensorflow/tfjs-backend-wasm):
 * nothing is downloaded. Only the detector is enabled — no description, age, gender or emotion model
 * is ever loaded: verification asks "is there one real face", never "what is this person".
 */

interface FaceDetector {
  /** Faces found with at least MIN_FACE_CONFIDENCE. */
  countFaces(image: Buffer): Promise<number>;
}

/** A detection this sure is a clear face; blurred or tiny faces score lower. */
const MIN_FACE_CONFIDENCE = 0.7;
/** BlazeFace looks at 256×256 anyway; a smaller input makes the tensor work cheaper. */
const DETECT_SIZE = 640;

interface HumanTensor {
  dispose(): void;
}
interface HumanLike {
  load(): Promise<void>;
  detect(input: HumanTensor): Promise<{ face: Array<{ score: number; boxScore: number }> }>;
  tf: {
    tensor4d(values: Int32Array, shape: [number, number, number, number], dtype: 'int32'): HumanTensor;
    io: { registerLoadRouter(router: (url: string | string[]) => unknown): void };
    getBackend(): string;
  };
}

const require = createRequire(import.meta.url);

/** Graph models load through tfjs's IO router from the package folder (Node's fetch cannot read file:). */
function fileModelRouter(url: string | string[]) {
  if (typeof url !== 'string' || !url.startsWith('file://')) return null;
  return {
    async load() {
      const file = fileURLToPath(url);
      const manifest = JSON.parse(await readFile(file, 'utf8')) as {
        modelTopology: unknown;
        format?: string;
        generatedBy?: string;
        convertedBy?: string;
        signature?: unknown;
        userDefinedMetadata?: unknown;
        weightsManifest: Array<{ paths: string[]; weights: unknown[] }>;
      };
      const parts: Buffer[] = [];
      for (const group of manifest.weightsManifest) {
        for (const part of group.paths) parts.push(await readFile(path.join(path.dirname(file), part)));
      }
      const weights = Buffer.concat(parts);
      return {
        modelTopology: manifest.modelTopology,
        format: manifest.format,
        generatedBy: manifest.generatedBy,
        convertedBy: manifest.convertedBy,
        signature: manifest.signature,
        userDefinedMetadata: manifest.userDefinedMetadata,
        weightSpecs: manifest.weightsManifest.flatMap((group) => group.weights),
        weightData: weights.buffer.slice(weights.byteOffset, weights.byteOffset + weights.byteLength),
      };
    },
  };
}

async function createHuman(): Promise<HumanLike> {
  // The package's export map names no Node WebAssembly entry, so it is required by file.
  const humanDir = path.dirname(require.resolve('@vladmandic/human'));
  const { Human } = require(path.join(humanDir, 'human.node-wasm.js')) as { Human: new (config: object) => HumanLike };
  const wasmDir = path.dirname(require.resolve('@tensorflow/tfjs-backend-wasm')) + path.sep;
  const human = new Human({
    backend: 'wasm',
    wasmPath: wasmDir,
    modelBasePath: `file://${path.resolve(humanDir, '../models')}/`,
    debug: false,
    async: true,
    warmup: 'none',
    cacheSensitivity: 0,
    filter: { enabled: false },
    gesture: { enabled: false },
    body: { enabled: false },
    hand: { enabled: false },
    object: { enabled: false },
    segmentation: { enabled: false },
    face: {
      enabled: true,
      detector: { enabled: true, rotation: false, maxDetected: 5, minConfidence: 0.5, return: false },
      mesh: { enabled: false },
      iris: { enabled: false },
      attention: { enabled: false },
      description: { enabled: false },
      emotion: { enabled: false },
      antispoof: { enabled: false },
      liveness: { enabled: false },
      gear: { enabled: false },
      ssrnet: { enabled: false },
      mobilefacenet: { enabled: false },
      insightface: { enabled: false },
    },
  });
  human.tf.io.registerLoadRouter(fileModelRouter);
  await human.load();
  if (human.tf.getBackend() !== 'wasm') throw new Error(`face model backend is ${human.tf.getBackend()}, not wasm`);
  return human;
}

/** Queued so one photo at a time holds the model (it is not re-entrant and uses one thread). */
function detectorOn(human: HumanLike): FaceDetector {
  let queue: Promise<unknown> = Promise.resolve();
  return {
    countFaces(image) {
      const run = queue.then(async () => {
        const sharp = await loadSharp();
        const { data, info } = await sharp(image)
          .rotate()
          .resize(DETECT_SIZE, DETECT_SIZE, { fit: 'inside', withoutEnlargement: true })
          .removeAlpha()
          .toColourspace('srgb')
          .raw()
          .toBuffer({ resolveWithObject: true });
        const tensor = human.tf.tensor4d(Int32Array.from(data), [1, info.height, info.width, 3], 'int32');
        try {
          const result = await human.detect(tensor);
          return result.face.filter((face) => (face.boxScore ?? face.score) >= MIN_FACE_CONFIDENCE).length;
        } finally {
          tensor.dispose();
        }
      });
      queue = run.catch(() => undefined);
      return run;
    },
  };
}

let loading: Promise<FaceDetector | null> | undefined;

/**
 * The process's face detector, loaded on first use; null when the model cannot run here (the face
 * check is then left to the moderator, never guessed).
 */
export function faceDetector(onError: (error: unknown) => void): Promise<FaceDetector | null> {
  loading ??= createHuman().then(detectorOn, (error: unknown) => {
    onError(error);
    return null;
  });
  return loading;
}
