/**
 * Photos of paper receipts made up for tests: the receipt's lines printed on off-white paper, laid on a
 * darker table at a slight angle, with sensor noise, encoded as a phone would (JPEG by default). Nothing
 * here comes from a real receipt.
 */
import { createCanvas } from '@napi-rs/canvas';
import sharp from 'sharp';

export interface PhotoOptions {
  /** Clockwise turn of the paper on the table. */
  degrees?: number;
  /** Peak-to-peak amplitude of the per-pixel noise, in grey levels. */
  noise?: number;
  /** Seeds the noise, so a photo is the same every run. */
  seed?: number;
  format?: 'jpeg' | 'png' | 'webp';
  /**
   * EXIF orientation to record (6: the camera was held turned, the pixels lie on their side and viewers
   * turn them 90° clockwise); the pixels are stored turned to match.
   */
  orientation?: 1 | 6;
}

/** A till receipt's lines: text, or [left, right] for a line with an amount printed flush right. */
export type ReceiptLine = string | [string, string];

/** A till receipt of three products, paid by card: what the photo tests read back. */
export const HARBOUR_RECEIPT: ReceiptLine[] = [
  'HARBOUR HARDWARE',
  '21 Quay Street, Bristol',
  'Date: 14/03/2026 10:42',
  'Receipt No: HH-40417',
  ['Claw hammer', '12.99'],
  ['Wood screws 4x40', '3.49'],
  ['Sandpaper pack', '5.20'],
  ['SUBTOTAL', '21.68'],
  ['TOTAL', 'GBP 21.68'],
  ['CARD', '21.68'],
  'Thank you for shopping with us',
];

/** A seeded pseudo-random number generator (0..1), so noise is reproducible. */
function random(seed: number): () => number {
  let state = seed >>> 0 || 1;
  return () => {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    return state / 0x100000000;
  };
}

/** A canvas of `width` × `height` filled with `colour`, drawing about its centre turned `degrees` clockwise. */
export function turnedCanvas(width: number, height: number, colour: string, degrees: number) {
  const ctx = createCanvas(width, height).getContext('2d');
  ctx.fillStyle = colour;
  ctx.fillRect(0, 0, width, height);
  ctx.translate(width / 2, height / 2);
  ctx.rotate((degrees * Math.PI) / 180);
  return ctx;
}

/** The photo's pixels (RGBA) as drawn, before encoding. */
function drawPhoto(lines: ReceiptLine[], degrees: number, noise: number, seed: number) {
  const lineHeight = 46;
  const paperWidth = 820;
  const paperHeight = 140 + lines.length * lineHeight;
  const paper = createCanvas(paperWidth, paperHeight);
  const ink = paper.getContext('2d');
  ink.fillStyle = '#f3f0e8';
  ink.fillRect(0, 0, paperWidth, paperHeight);
  ink.fillStyle = '#1f1f1f';
  ink.font = '30px sans-serif';
  for (const [i, line] of lines.entries()) {
    const y = 90 + i * lineHeight;
    const [left, right] = typeof line === 'string' ? [line, ''] : line;
    ink.textAlign = 'left';
    ink.fillText(left, 50, y);
    if (right) {
      ink.textAlign = 'right';
      ink.fillText(right, paperWidth - 50, y);
    }
  }
  const width = paperWidth + 420;
  const height = paperHeight + 300;
  const scene = turnedCanvas(width, height, '#6b5a48', degrees);
  scene.drawImage(paper, -paperWidth / 2, -paperHeight / 2);
  scene.setTransform(1, 0, 0, 1, 0, 0);
  const pixels = scene.getImageData(0, 0, width, height);
  const next = random(seed);
  for (let i = 0; i < pixels.data.length; i += 4) {
    const shift = (next() - 0.5) * noise;
    for (let c = 0; c < 3; c += 1) {
      pixels.data[i + c] = Math.max(0, Math.min(255, (pixels.data[i + c] as number) + shift));
    }
  }
  return { data: Buffer.from(pixels.data.buffer), width, height };
}

/** A photo of a paper receipt showing `lines`, as a phone camera would take it. */
export async function photoOfReceipt(lines: ReceiptLine[], options: PhotoOptions = {}): Promise<Buffer> {
  const { degrees = 3, noise = 40, seed = 7, format = 'jpeg', orientation = 1 } = options;
  const { data, width, height } = drawPhoto(lines, degrees, noise, seed);
  // Orientation 6 means "turn 90° clockwise to view": the stored pixels are the view turned back.
  let image = sharp(data, { raw: { width, height, channels: 4 } }).removeAlpha();
  if (orientation === 6) image = sharp(await image.rotate(-90).png().toBuffer());
  if (format === 'png') return image.png().toBuffer();
  if (format === 'webp') return image.webp({ quality: 85 }).toBuffer();
  return image.jpeg({ quality: 85 }).withMetadata({ orientation }).toBuffer();
}

/** A photo with no receipt in it: a sunset over hills, with noise. */
export async function photoOfLandscape(): Promise<Buffer> {
  const width = 1200;
  const height = 900;
  const canvas = createCanvas(width, height);
  const scene = canvas.getContext('2d');
  const sky = scene.createLinearGradient(0, 0, 0, height);
  sky.addColorStop(0, '#1e3a8a');
  sky.addColorStop(0.6, '#f97316');
  scene.fillStyle = sky;
  scene.fillRect(0, 0, width, height);
  scene.fillStyle = '#fde047';
  scene.beginPath();
  scene.arc(800, 520, 90, 0, Math.PI * 2);
  scene.fill();
  scene.fillStyle = '#14532d';
  scene.beginPath();
  scene.moveTo(0, height);
  for (let x = 0; x <= width; x += 40) scene.lineTo(x, 620 + Math.sin(x / 130) * 60);
  scene.lineTo(width, height);
  scene.fill();
  return sharp(await canvas.encode('png'))
    .jpeg({ quality: 80 })
    .toBuffer();
}
