/**
 * face-api.js's Tiny Face Detector (a Tiny-YOLOv2 network trained on faces) in plain TypeScript over
 * Float32Arrays: the same weights, the same preprocessing, layers, box decoding and non-maximum
 * suppression as @vladmandic/face-api on TensorFlow.js, without TensorFlow.js (issue 8, memory).
 *
 * Why: TensorFlow.js's WebAssembly heap grew to ~58 MB on the first selfie and a WebAssembly memory
 * never shrinks, and the library's code stayed in the worker's heap beside it. Here a selfie is
 * computed in ordinary ArrayBuffers, ~1.2 MB at inputSize 416 kept for the next one (WorkAreas):
 * the layers stream rows through small rings, and no layer's output is ever whole. The price is
 * time: ~200 million multiply-adds run as scalar JavaScript instead of SIMD WebAssembly, ~210–240
 * ms a photo against ~90–110 ms on the 2-core development machine (tiny-face-detector.test.ts logs
 * it); a borrower sends one selfie.
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
export interface Map3 {
  height: number;
  width: number;
  channels: number;
  data: Float32Array;
}

/**
 * The memory one detection works in, kept from one photo to the next, one area per name (a layer's
 * rings and temporaries). Allocated afresh, every layer of every photo left its output behind as
 * garbage (~36 MB a photo at 416 × 416), and V8 collects typed arrays' memory only when enough of it
 * has piled up: the image worker grew by 100–170 MB under a stream of selfies. Reused, it is held
 * while the worker lives (the worker exits when idle), so it is kept small: every layer streams
 * rows through rings of a few rows, and only the 13 × 13 output is ever whole (at 416: 1.2 MB;
 * 16.5 MB when each layer was computed whole). Detection is synchronous and one at a time per
 * thread, so one set per module is enough.
 */
class WorkAreas {
  readonly #areas = new Map<string, Float32Array>();
  /** a view of `length` floats of the area called `name`, grown as needed */
  take(name: string, length: number): Float32Array {
    let area = this.#areas.get(name);
    if (!area || area.length < length) this.#areas.set(name, (area = new Float32Array(length)));
    return area.subarray(0, length);
  }
  /** bytes held now (tests, diagnostics) */
  bytes(): number {
    let sum = 0;
    for (const area of this.#areas.values()) sum += area.byteLength;
    return sum;
  }
}
const areas = new WorkAreas();

/** the bytes the work areas hold between photos (tests, diagnostics) */
export function workAreaBytes(): number {
  return areas.bytes();
}

/** the rows a ring holds: a separable layer reads four input rows at a time (y - 1 … y + 2) */
const RING = 4;

/**
 * A layer's output, NHWC, produced row by row into a ring of `RING` rows as its reader asks for
 * them. `row(y)` computes the rows up to y that are not computed yet and returns where row y
 * starts in `data`; rows y - 3 … y stay there until a later row is asked for. Readers ask for rows
 * in increasing order (a layer's rows are computed once each), at most three back from the last.
 */
class RowStream {
  readonly name: string;
  readonly height: number;
  readonly width: number;
  readonly channels: number;
  readonly data: Float32Array;
  /** writes row y at `offset` in `data` */
  readonly #compute: (y: number, data: Float32Array, offset: number) => void;
  readonly #rowLength: number;
  #done = 0;
  constructor(
    name: string,
    height: number,
    width: number,
    channels: number,
    compute: (y: number, data: Float32Array, offset: number) => void,
  ) {
    this.name = name;
    this.height = height;
    this.width = width;
    this.channels = channels;
    this.#compute = compute;
    this.#rowLength = width * channels;
    this.data = areas.take(name, RING * this.#rowLength);
  }
  row(y: number): number {
    if (y < this.#done - RING) throw new Error(`tiny face network: ${this.name} row ${y} has left its ring`);
    for (; this.#done <= y; this.#done++)
      this.#compute(this.#done, this.data, (this.#done % RING) * this.#rowLength);
    return (y % RING) * this.#rowLength;
  }
}

/**
 * The network's input, row by row: the photo padded with black to a square at the bottom or right
 * (face-api's padToSquare without centring), resized bilinearly to size × size as
 * tf.image.resizeBilinear does without aligned corners or half-pixel centres, less the mean colour,
 * over 255.
 */
function networkInput(rgb: { width: number; height: number; data: Uint8Array }, size: number): RowStream {
  const side = Math.max(rgb.width, rgb.height);
  const scale = side / size;
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
  return new RowStream('input', size, size, 3, function inputRow(y, out, offset) {
    const sy = y * scale;
    const y0 = Math.floor(sy);
    const y1 = Math.min(y0 + 1, side - 1);
    const dy = sy - y0;
    for (let x = 0; x < size; x++) {
      const x0 = x0s[x]!;
      const x1 = x1s[x]!;
      const dx = dxs[x]!;
      const o = offset + x * 3;
      for (let c = 0; c < 3; c++) {
        const a = pixel(y0, x0, c);
        const top = a + (pixel(y0, x1, c) - a) * dx;
        const b = pixel(y1, x0, c);
        const bottom = b + (pixel(y1, x1, c) - b) * dx;
        const value = Math.fround(top + (bottom - top) * dy);
        out[o + c] = Math.fround(value - MEAN_RGB[c]!) / 255;
      }
    }
  });
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
 * One row of a 2 × 2 max pool with TensorFlow's 'same' padding: ceil(width / stride) outputs from
 * the input row at `top` and the one `down` floats after it (a ring buffer's next row may sit
 * before it). TensorFlow puts the odd padding after (bottom, right): with a 2 × 2 window there is
 * never any before, so a window starts at (y · stride, x · stride) and its second row or column may
 * be missing. The caller passes `down` = 0 for a missing row: it repeats the first, and the max is
 * unchanged, as a missing column is below.
 */
function maxPoolRow(
  data: Float32Array,
  top: number,
  down: number,
  w: number,
  c: number,
  stride: 1 | 2,
  out: Float32Array,
  outOffset: number,
): void {
  const width = Math.ceil(w / stride);
  for (let x = 0; x < width; x++) {
    const ix = x * stride;
    const right = ix + 1 < w ? c : 0;
    const p = top + ix * c;
    const o = outOffset + x * c;
    for (let ch = 0; ch < c; ch++) {
      const q = p + ch;
      const upper = Math.max(data[q]!, data[q + right]!);
      const lower = Math.max(data[q + down]!, data[q + down + right]!);
      out[o + ch] = upper > lower ? upper : lower;
    }
  }
}

/**
 * The first layer and its max pool: a 3 × 3 convolution without padding, bias, leaky ReLU, then a
 * 2 × 2 max pool of stride 2. A pooled row is computed from two rows of the convolution (the
 * second may be missing at the bottom), themselves from four input rows: the input's
 * neighbourhoods are gathered into one row-major block (im2col, HWIO order, as the filter is laid
 * out), which the matrix kernel multiplies by the filter, and the two rows are pooled at once.
 * Neither the input nor the 414 × 414 × 16 convolution (11 MB at 416) is ever whole.
 */
function conv3x3ValidPooled(input: RowStream, conv: Conv): RowStream {
  const { width: w, channels: cin } = input;
  const convHeight = input.height - 2;
  const convWidth = w - 2;
  const cout = conv.bias.length;
  const k = 9 * cin;
  const patches = areas.take('conv0 patches', 2 * convWidth * k);
  const rows = areas.take('conv0 rows', 2 * convWidth * cout);
  const height = Math.ceil(convHeight / 2);
  return new RowStream('conv0', height, Math.ceil(convWidth / 2), cout, (y, out, offset) => {
    const first = 2 * y;
    const count = Math.min(2, convHeight - first);
    input.row(first + count + 1); // the input rows first … first + count + 1 are now in its ring
    for (let r = 0, p = 0; r < count; r++) {
      const row0 = input.row(first + r);
      const row1 = input.row(first + r + 1);
      const row2 = input.row(first + r + 2);
      for (let i = 0; i < convWidth * cin; i += cin) {
        for (let j = i; j < i + 3 * cin; j++) patches[p++] = input.data[row0 + j]!;
        for (let j = i; j < i + 3 * cin; j++) patches[p++] = input.data[row1 + j]!;
        for (let j = i; j < i + 3 * cin; j++) patches[p++] = input.data[row2 + j]!;
      }
    }
    matmul(patches, 0, count * convWidth, k, conv.filters, cout, conv.bias, rows, 0, true);
    maxPoolRow(rows, 0, count === 2 ? convWidth * cout : 0, convWidth, cout, 2, out, offset);
  });
}

/**
 * The depthwise part of a separable convolution for output rows first … first + count - 1: 3 × 3
 * per channel with 'same' padding (one pixel of zeros around), into `depth` from offset 0. Each sum
 * is rounded to float32 after every term, rows then columns of the window. The input rows
 * first - 1 … first + count must be in its ring.
 */
function depthwiseRows(
  input: RowStream,
  depthwise: Float32Array,
  first: number,
  count: number,
  depth: Float32Array,
): void {
  const { height: h, width: w, channels: cin, data } = input;
  depth.fill(0, 0, count * w * cin); // summed into below
  for (let r = 0; r < count; r++) {
    const y = first + r;
    for (let ky = 0; ky < 3; ky++) {
      const iy = y + ky - 1;
      if (iy < 0 || iy >= h) continue; // 'same' padding: zeros add nothing
      const inRow = input.row(iy);
      for (let x = 0; x < w; x++) {
        const o = (r * w + x) * cin;
        for (let kx = 0; kx < 3; kx++) {
          const ix = x + kx - 1;
          if (ix < 0 || ix >= w) continue;
          const inBase = inRow + ix * cin;
          const fBase = (ky * 3 + kx) * cin;
          for (let ci = 0; ci < cin; ci++) depth[o + ci]! += data[inBase + ci]! * depthwise[fBase + ci]!;
        }
      }
    }
  }
}

/**
 * A separable convolution and its max pool: a depthwise 3 × 3 convolution ('same'), then 1 × 1 to
 * more channels, bias, leaky ReLU, then a 2 × 2 max pool ('same', stride 2 or 1). Rows of the
 * convolution are computed two at a time (one matrix product of 2 × width rows, which keeps the
 * kernel's row pairs whole) into a ring of four, as the pooled rows need them: a pooled row y reads
 * rows y · stride and the one after, so with stride 1 a row serves two pooled rows and is computed
 * once. A pair starts at an even row, so it is contiguous in the ring.
 */
function separableConvPooled(input: RowStream, conv: SeparableConv, stride: 1 | 2, name: string): RowStream {
  const { height: h, width: w, channels: cin } = input;
  const cout = conv.bias.length;
  const rowLength = w * cout;
  const depth = areas.take(`${name} depthwise`, 2 * w * cin);
  const rows = areas.take(`${name} rows`, RING * rowLength);
  let done = 0; // rows 0 … done - 1 of the convolution computed
  return new RowStream(name, Math.ceil(h / stride), Math.ceil(w / stride), cout, (y, out, offset) => {
    const first = y * stride;
    const second = Math.min(first + 1, h - 1); // the missing row repeats the first
    while (done <= second) {
      const count = Math.min(2, h - done);
      input.row(Math.min(done + count, h - 1)); // the input rows done - 1 … done + count are now in its ring
      depthwiseRows(input, conv.depthwise, done, count, depth);
      matmul(
        depth,
        0,
        count * w,
        cin,
        conv.pointwise,
        cout,
        conv.bias,
        rows,
        (done % RING) * rowLength,
        true,
      );
      done += count;
    }
    const top = (first % RING) * rowLength;
    maxPoolRow(rows, top, (second % RING) * rowLength - top, w, cout, stride, out, offset);
  });
}

/**
 * The last layer: 1 × 1 convolution and bias, no activation (the raw box encodings), two rows at a
 * time (a pair from an even row is contiguous in its input's ring), into a whole map.
 */
function conv1x1(input: RowStream, conv: Conv): Map3 {
  const { height: h, width: w, channels: cin } = input;
  const cout = conv.bias.length;
  const out = areas.take('conv8', h * w * cout);
  for (let y = 0; y < h; y += 2) {
    const count = Math.min(2, h - y);
    input.row(y + count - 1);
    matmul(input.data, input.row(y), count * w, cin, conv.filters, cout, conv.bias, out, y * w * cout, false);
  }
  return { height: h, width: w, channels: cout, data: out };
}

/**
 * The network's raw output for a photo: cells × cells × (5 anchors × (x, y, w, h, score)), before box
 * decoding. Its data is a view of a work area, overwritten by the next photo. It is pulled from the
 * last layer, each layer asking the one before for the rows it needs.
 */
export function tinyFaceNetwork(
  weights: TinyFaceWeights,
  rgb: { width: number; height: number; data: Uint8Array },
  inputSize: number,
): Map3 {
  let rows = conv3x3ValidPooled(networkInput(rgb, inputSize), weights.conv0);
  weights.separable.forEach((layer, i) => {
    rows = separableConvPooled(rows, layer, i < 4 ? 2 : 1, `conv${i + 1}`);
  });
  return conv1x1(rows, weights.conv8);
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
  const out = tinyFaceNetwork(weights, rgb, inputSize);

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
