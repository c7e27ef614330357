/**
 * Images in tutors' tests: one per question or option, PNG, JPEG, WebP or AVIF, known by the
 * SHA-256 of their bytes (the same picture uploaded twice is stored once, and its address never
 * changes, so it is cached for good). Uploads travel as base64 in JSON like every other body.
 */
import { enums, type Infer, integer, object, pattern, refine, size, string, type } from './structs.ts';

export const IMAGE_LIMITS = {
  /** One image, bytes. */
  bytes: 1024 * 1024,
  /** All the images of one test, bytes (each counted once however often it is used). */
  perTest: 20 * 1024 * 1024,
} as const;

export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/avif'] as const;
export const ImageType = enums(IMAGE_TYPES);
export type ImageType = Infer<typeof ImageType>;

/** The SHA-256 of the image's bytes, in lowercase hex. */
export const ImageId = pattern(size(string(), 64, 64), /^[0-9a-f]{64}$/);

/** Base64 of at most IMAGE_LIMITS.bytes bytes (4 characters for each 3 bytes, padded). */
export const MAX_IMAGE_BASE64 = Math.ceil(IMAGE_LIMITS.bytes / 3) * 4;
/**
 * Base64 as RFC 4648 writes it, and only so: whole groups of four, padded, the bits past the last
 * byte zero. A decoder forgives a stray character or a non-zero bit by dropping it; taking such
 * text would store bytes other than the ones sent. Checked without a repeated group in a regular
 * expression: one over a few megabytes of text overflows the stack (a 500, not a refusal).
 */
export function isStrictBase64(text: string): boolean {
  if (text.length % 4 !== 0) return false;
  const padding = text.endsWith('==') ? 2 : text.endsWith('=') ? 1 : 0;
  const body = text.length - padding;
  if (!/^[A-Za-z0-9+/]*$/.test(padding ? text.slice(0, body) : text)) return false;
  const last = text[body - 1] ?? '';
  if (padding === 2) return 'AQgw'.includes(last);
  if (padding === 1) return 'AEIMQUYcgkosw048'.includes(last);
  return true;
}

/** Base64 of at most `max` characters, strictly written (isStrictBase64). */
export const base64Text = (max: number) =>
  refine(size(string(), 0, max), 'base64', (text) => isStrictBase64(text) || 'must be base64 (RFC 4648)');
const Base64 = base64Text(MAX_IMAGE_BASE64);

export const UploadImageRequest = object({
  /** The file's name, only to name it in a message: its type is read from its bytes. */
  name: size(string(), 0, 255),
  data: Base64,
});
export type UploadImageRequest = Infer<typeof UploadImageRequest>;

export const StoredImage = type({ id: ImageId, type: ImageType, bytes: integer(), url: string() });
export type StoredImage = Infer<typeof StoredImage>;

export const ImageParams = object({ id: ImageId });

/** Where an image is served (immutable: its address is its content). */
export const imageUrl = (id: string) => `/v1/images/${id}`;

/** An image embedded in a lesson file, so that the file alone makes the test anywhere. */
export const EmbeddedImage = object({ id: ImageId, type: ImageType, data: Base64 });
export type EmbeddedImage = Infer<typeof EmbeddedImage>;

const ascii = (bytes: Uint8Array, from: number, length: number) =>
  String.fromCharCode(...bytes.subarray(from, from + length));

/**
 * The image's real type, read from its first bytes (its signature), whatever its name says; null
 * for anything else. AVIF is an ISO media file whose `ftyp` box names the `avif` or `avis` brand.
 */
export function sniffImageType(bytes: Uint8Array): ImageType | null {
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (bytes.length >= 8 && png.every((b, i) => bytes[i] === b)) return 'image/png';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 4) === 'WEBP') return 'image/webp';
  if (bytes.length >= 16 && ascii(bytes, 4, 4) === 'ftyp') {
    const boxSize = ((bytes[0] ?? 0) << 24) | ((bytes[1] ?? 0) << 16) | ((bytes[2] ?? 0) << 8) | (bytes[3] ?? 0);
    const end = Math.min(boxSize, bytes.length);
    // The major brand at 8, the minor version at 12, then the compatible brands.
    for (let at = 8; at + 4 <= end; at += at === 8 ? 8 : 4) {
      const brand = ascii(bytes, at, 4);
      if (brand === 'avif' || brand === 'avis') return 'image/avif';
    }
  }
  return null;
}
