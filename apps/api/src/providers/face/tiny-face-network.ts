/**
 * face-api.js's Tiny Face Detector (a Tiny-YOLOv2 network trained on faces) in plain TypeScript over
 * Float32Arrays: the same weights, the same preprocessing, layers, box decoding and non-maximum
 * suppression as @vladmandic/face-api on TensorFlow.js, without TensorFlow.js (issue 8, memory).
 *
 * Why: TensorFlow.js's WebAssembly heap grew to ~58 MB on the first selfie and a WebAssembly memory
 * never shrinks, and the library's code stayed in the worker's heap beside it. Here a selfie's
 * largest buffer is the first layer's output (414 × 414 × 16 floats, 11 MB), an ordinary
 * ArrayBuffer that is freed when the check ends. The price is time: ~200 million multiply-adds run
 * as scalar JavaScript instead of SIMD WebAssembly, ~210–240 ms a photo against ~90–110 ms on the
 * 2-core development machine (tiny-face-detector.test.ts logs it); a borrower sends one selfie.
 *
 * tiny-face-network.test.ts runs face-api itself on the same photos and checks that scores and boxes
 * agree. Layout is NHWC (row, column, channel), as TensorFlow's; filters are HWIO.
 */

/** face-api's TinyFaceDetector constants (src/tinyFaceDetector/const.ts) */
const MEAN_RGB = [117.001, 114.697, 97.404] as const;
const IOU_THRESHOLD = 0.4;
const BOX_ANCHORS = [
  [1.603231, 2.094468],
  [6.041143, 7.080126],
  [2.882459, 3.518061],
  [4.266906, 5.178857],
  [9.041765, 10.66308],
] as const;
/** face-api's leaky ReLU slope (its `leaky`: relu(x - 0.1x) + 0.1x) */
const LEAKY_ALPHA = Math.fround(0.1);

/** One tensor of the weights file: its name, shape and how its bytes are quantized. */
export interface WeightSpec {
  name: string;
  shape: number[];
  quantization?: { dtype: 'uint8'; scale: number; min: number };
}

interface Conv {
  /** HWIO */
  filters: Float32Array;
  bias: Float32Array;
}
interface SeparableConv {
  /** [3, 3, channels] */
  depthwise: Float32Array;
  /** [inChannels, outChannels] */
  pointwise: Float32Array;
  bias: Float32Array;
}
export interface TinyFaceWeights {
  conv0: Conv;
  separable: SeparableConv[]; // conv1 … conv5
  conv8: Conv;
}

/**
 * Reads the weights file the way TensorFlow.js's `decodeWeights` does: tensors one after another in
 * manifest order, uint8 values dequantized as `q × scale + min` in float32.
 */
export function decodeTinyFaceWeights(bin: Uint8Array, specs: WeightSpec[]): TinyFaceWeights {
  const tensors = new Map<string, Float32Array>();
  let offset = 0;
  for (const spec of specs) {
    const size = spec.shape.reduce((a, b) => a * b, 1);
    const q = spec.quantization;
    if (!q || q.dtype !== 'uint8') throw new Error(`tiny face weights: ${spec.name} is not uint8-quantized`);
    const values = new Float32Array(size);
    for (let i = 0; i < size; i++) values[i] = bin[offset + i]! * q.scale + q.min;
    tensors.set(spec.name, values);
    offset += size;
  }
  if (offset !== bin.length)
    throw new Error(`tiny face weights: ${bin.length} bytes, manifest names ${offset}`);
  const get = (name: string) => {
    const t = tensors.get(name);
    if (!t) throw new Error(`tiny face weights: ${name} missing`);
    return t;
  };
  return {
    conv0: { filters: get('conv0/filters'), bias: get('conv0/bias') },
    separable: [1, 2, 3, 4, 5].map((n) => ({
      depthwise: get(`conv${n}/depthwise_filter`),
      pointwise: get(`conv${n}/pointwise_filter`),
      bias: get(`conv${n}/bias`),
    })),
    conv8: { filters: get('conv8/filters'), bias: get('conv8/bias') },
  };
}

/** A feature map, NHWC without the batch dimension. */
interface Map3 {
  height: number;
  width: number;
  channels: number;
  data: Float32Array;
}

/**
 * The memory one detection works in, kept from one photo to the next: two feature-map areas used
 * in turn (each layer reads one and writes the other) and one for a layer's temporaries. Allocated
 * afresh, every layer of every photo left its output behind as garbage (~36 MB a photo at 416 ×
 * 416), and V8 collects typed arrays' memory only when enough of it has piled up: the image
 * worker grew by 100–170 MB under a stream of selfies. Reused, it holds ~25 MB while it lives
 * (the worker exits when idle). Detection is synchronous and one at a time per thread, so one set
 * per module is enough.
 */
class WorkAreas {
  readonly #areas: Float32Array[] = [new Float32Array(0), new Float32Array(0), new Float32Array(0)];
  /** a view of `length` floats of area `slot` (0 and 1: feature maps; 2: temporaries), grown as needed */
  take(slot: 0 | 1 | 2, length: number): Float32Array {
    if (this.#areas[slot]!.length < length) this.#areas[slot] = new Float32Array(length);
    return this.#areas[slot]!.subarray(0, length);
  }
  /** the feature-map area a layer reading `input` writes to */
  next(input: Float32Array, length: number): Float32Array {
    return this.take(input.buffer === this.#areas[0]!.buffer ? 1 : 0, length);
  }
}
const areas = new WorkAreas();

/**
 * The network's input: the photo padded with black to a square at the bottom or right (face-api's
 * padToSquare without centring), resized bilinearly to size × size as tf.image.resizeBilinear does
 * without aligned corners or half-pixel centres, less the mean colour, over 255.
 */
function networkInput(rgb: { width: number; height: number; data: Uint8Array }, size: number): Map3 {
  const side = Math.max(rgb.width, rgb.height);
  const scale = side / size;
  const out = areas.take(0, size * size * 3); // every element is written below
  // source columns and weights, once per column; padding (past the photo) reads as black
  const x0s = new Int32Array(size);
  const x1s = new Int32Array(size);
  const dxs = new Float64Array(size);
  for (let x = 0; x < size; x++) {
    const sx = x * scale;
    x0s[x] = Math.floor(sx);
    x1s[x] = Math.min(x0s[x]! + 1, side - 1);
    dxs[x] = sx - x0s[x]!;
  }
  const { width: pw, height: ph, data } = rgb;
  const pixel = (y: number, x: number, c: number) => (y < ph && x < pw ? data[(y * pw + x) * 3 + c]! : 0);
  for (let y = 0; y < size; y++) {
    const sy = y * scale;
    const y0 = Math.floor(sy);
    const y1 = Math.min(y0 + 1, side - 1);
    const dy = sy - y0;
    for (let x = 0; x < size; x++) {
      const x0 = x0s[x]!;
      const x1 = x1s[x]!;
      const dx = dxs[x]!;
      const o = (y * size + x) * 3;
      for (let c = 0; c < 3; c++) {
        const a = pixel(y0, x0, c);
        const top = a + (pixel(y0, x1, c) - a) * dx;
        const b = pixel(y1, x0, c);
        const bottom = b + (pixel(y1, x1, c) - b) * dx;
        const value = Math.fround(top + (bottom - top) * dy);
        out[o + c] = Math.fround(value - MEAN_RGB[c]!) / 255;
      }
    }
  }
  return { height: size, width: size, channels: 3, data: out };
}

/**
 * out[r][c] = bias[c] + Σ_i a[r][i] · w[i][c] (then leaky ReLU), for `rows` rows of `k` values from
 * `a` and a k × n weight matrix: the work of every layer but the depthwise ones. Blocked two rows by
 * four columns: eight sums and the six values feeding them fit in the CPU's sixteen floating-point
 * registers (four by four spilled; plain loops ran ~4× slower). Sums are in double precision,
 * rounded to float32 when stored.
 */
function matmul(
  a: Float32Array,
  aOffset: number,
  rows: number,
  k: number,
  w: Float32Array,
  n: number,
  bias: Float32Array,
  out: Float32Array,
  outOffset: number,
  activate: boolean,
): void {
  const act = (x: number) => (activate && x < 0 ? x * LEAKY_ALPHA : x);
  let r = 0;
  for (; r + 2 <= rows; r += 2) {
    const a0 = aOffset + r * k;
    const a1 = a0 + k;
    const o0 = outOffset + r * n;
    let c = 0;
    for (; c + 4 <= n; c += 4) {
      let s00 = bias[c]!, s01 = bias[c + 1]!, s02 = bias[c + 2]!, s03 = bias[c + 3]!; // prettier-ignore
      let s10 = s00, s11 = s01, s12 = s02, s13 = s03; // prettier-ignore
      for (let i = 0, wi = c; i < k; i++, wi += n) {
        const w0 = w[wi]!;
        const w1 = w[wi + 1]!;
        const w2 = w[wi + 2]!;
        const w3 = w[wi + 3]!;
        const x0 = a[a0 + i]!;
        const x1 = a[a1 + i]!;
        s00 += x0 * w0;
        s01 += x0 * w1;
        s02 += x0 * w2;
        s03 += x0 * w3; // prettier-ignore
        s10 += x1 * w0;
        s11 += x1 * w1;
        s12 += x1 * w2;
        s13 += x1 * w3; // prettier-ignore
      }
      const q0 = o0 + c;
      const q1 = q0 + n;
      out[q0] = act(s00);
      out[q0 + 1] = act(s01);
      out[q0 + 2] = act(s02);
      out[q0 + 3] = act(s03); // prettier-ignore
      out[q1] = act(s10);
      out[q1 + 1] = act(s11);
      out[q1 + 2] = act(s12);
      out[q1 + 3] = act(s13); // prettier-ignore
    }
    for (; c < n; c++) {
      for (let rr = 0; rr < 2; rr++) {
        let sum = bias[c]!;
        const ar = a0 + rr * k;
        for (let i = 0; i < k; i++) sum += a[ar + i]! * w[i * n + c]!;
        out[o0 + rr * n + c] = act(sum);
      }
    }
  }
  for (; r < rows; r++) {
    const ar = aOffset + r * k;
    for (let c = 0; c < n; c++) {
      let sum = bias[c]!;
      for (let i = 0; i < k; i++) sum += a[ar + i]! * w[i * n + c]!;
      out[outOffset + r * n + c] = act(sum);
    }
  }
}

/**
 * The first layer: a 3 × 3 convolution without padding, bias, leaky ReLU. Each output row's 3 × 3
 * neighbourhoods are gathered into one row-major block (im2col, HWIO order, as the filter is laid
 * out), which the matrix kernel multiplies by the filter.
 */
function conv3x3Valid(input: Map3, conv: Conv): Map3 {
  const { width: w, channels: cin } = input;
  const height = input.height - 2;
  const width = w - 2;
  const cout = conv.bias.length;
  const k = 9 * cin;
  const out = areas.next(input.data, height * width * cout);
  const patches = areas.take(2, width * k);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let p = x * k;
      for (let ky = 0; ky < 3; ky++) {
        const rowBase = ((y + ky) * w + x) * cin;
        for (let j = 0; j < 3 * cin; j++) patches[p++] = input.data[rowBase + j]!;
      }
    }
    matmul(patches, 0, width, k, conv.filters, cout, conv.bias, out, y * width * cout, true);
  }
  return { height, width, channels: cout, data: out };
}

/**
 * 2 × 2 max pooling with TensorFlow's 'same' padding: ceil(size / stride) outputs, the missing
 * row or column (if any) at the bottom and right, never chosen.
 */
function maxPool2x2(input: Map3, stride: 1 | 2): Map3 {
  const { height: h, width: w, channels: c, data } = input;
  const height = Math.ceil(h / stride);
  const width = Math.ceil(w / stride);
  // TensorFlow puts the odd padding after (bottom, right): with a 2 × 2 window there is never any
  // before, so a window starts at (y · stride, x · stride) and its second row or column may be missing
  const out = areas.next(data, height * width * c);
  for (let y = 0; y < height; y++) {
    const iy = y * stride;
    const down = iy + 1 < h ? w * c : 0; // the missing row repeats the first: max is unchanged
    for (let x = 0; x < width; x++) {
      const ix = x * stride;
      const right = ix + 1 < w ? c : 0;
      const p = (iy * w + ix) * c;
      const o = (y * width + x) * c;
      for (let ch = 0; ch < c; ch++) {
        const q = p + ch;
        const top = Math.max(data[q]!, data[q + right]!);
        const bottom = Math.max(data[q + down]!, data[q + down + right]!);
        out[o + ch] = top > bottom ? top : bottom;
      }
    }
  }
  return { height, width, channels: c, data: out };
}

/** A depthwise 3 × 3 convolution ('same': one pixel of zeros around), then 1 × 1 to more channels, bias, leaky ReLU. */
function separableConv(input: Map3, conv: SeparableConv): Map3 {
  const { height: h, width: w, channels: cin } = input;
  const cout = conv.bias.length;
  const { depthwise } = conv;
  const depth = areas.take(2, h * w * cin).fill(0); // summed into below
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const o = (y * w + x) * cin;
      for (let ky = 0; ky < 3; ky++) {
        const iy = y + ky - 1;
        if (iy < 0 || iy >= h) continue; // 'same' padding: zeros add nothing
        for (let kx = 0; kx < 3; kx++) {
          const ix = x + kx - 1;
          if (ix < 0 || ix >= w) continue;
          const inBase = (iy * w + ix) * cin;
          const fBase = (ky * 3 + kx) * cin;
          for (let ci = 0; ci < cin; ci++)
            depth[o + ci]! += input.data[inBase + ci]! * depthwise[fBase + ci]!;
        }
      }
    }
  }
  const out = areas.next(input.data, h * w * cout);
  matmul(depth, 0, h * w, cin, conv.pointwise, cout, conv.bias, out, 0, true);
  return { height: h, width: w, channels: cout, data: out };
}

/** The last layer: 1 × 1 convolution and bias, no activation (the raw box encodings). */
function conv1x1(input: Map3, conv: Conv): Map3 {
  const { height: h, width: w, channels: cin } = input;
  const cout = conv.bias.length;
  const out = areas.next(input.data, h * w * cout);
  matmul(input.data, 0, h * w, cin, conv.filters, cout, conv.bias, out, 0, false);
  return { height: h, width: w, channels: cout, data: out };
}

export interface FaceBox {
  score: number;
  /** relative to the photo's width and height (0–1) */
  x: number;
  y: number;
  width: number;
  height: number;
}

const sigmoid = (x: number) => 1 / (1 + Math.exp(-x));

function iou(a: FaceBox, b: FaceBox): number {
  const w = Math.max(0, Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x));
  const h = Math.max(0, Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y));
  const inter = w * h;
  return inter / (a.width * a.height + b.width * b.height - inter);
}

/**
 * The faces in a photo (RGB, 3 channels), as face-api's `detectAllFaces` with TinyFaceDetectorOptions
 * `{ inputSize, scoreThreshold }` finds them: boxes relative to the photo, best first.
 */
export function detectFaces(
  weights: TinyFaceWeights,
  rgb: { width: number; height: number; data: Uint8Array },
  options: { inputSize: number; scoreThreshold: number },
): FaceBox[] {
  const { inputSize, scoreThreshold } = options;
  let map = conv3x3Valid(networkInput(rgb, inputSize), weights.conv0);
  map = maxPool2x2(map, 2);
  weights.separable.forEach((layer, i) => {
    map = separableConv(map, layer);
    map = maxPool2x2(map, i < 4 ? 2 : 1);
  });
  const out = conv1x1(map, weights.conv8);

  // box decoding (TinyYolov2Base.extractBoxes): cells × cells × 5 anchors × (x, y, w, h, score)
  const cells = out.height;
  const side = Math.max(rgb.width, rgb.height);
  const scale = inputSize / side;
  const correctionX = inputSize / Math.round(rgb.width * scale);
  const correctionY = inputSize / Math.round(rgb.height * scale);
  const found: FaceBox[] = [];
  for (let row = 0; row < cells; row++) {
    for (let col = 0; col < cells; col++) {
      for (let anchor = 0; anchor < BOX_ANCHORS.length; anchor++) {
        const at = (row * cells + col) * out.channels + anchor * 5;
        const score = sigmoid(out.data[at + 4]!);
        if (!(score > scoreThreshold)) continue;
        const [ax, ay] = BOX_ANCHORS[anchor]!;
        const ctX = ((col + sigmoid(out.data[at]!)) / cells) * correctionX;
        const ctY = ((row + sigmoid(out.data[at + 1]!)) / cells) * correctionY;
        const width = ((Math.exp(out.data[at + 2]!) * ax) / cells) * correctionX;
        const height = ((Math.exp(out.data[at + 3]!) * ay) / cells) * correctionY;
        found.push({ score, x: ctX - width / 2, y: ctY - height / 2, width, height });
      }
    }
  }

  // non-maximum suppression (face-api's ops/nonMaxSuppression, intersection over union)
  let remaining = [...found].sort((a, b) => a.score - b.score);
  const picked: FaceBox[] = [];
  while (remaining.length) {
    const best = remaining.pop()!;
    picked.push(best);
    remaining = remaining.filter((box) => iou(best, box) <= IOU_THRESHOLD);
  }
  return picked;
}
