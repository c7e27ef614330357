/** Image bytes for tests: a real 1×1 PNG, and files whose names say one thing and bytes another. */

/** A 1×1 PNG (67 bytes), as any image tool writes it. */
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** Another picture: a different PNG (so a different id). */
export const OTHER_PNG = Buffer.concat([TINY_PNG, Buffer.from('tail')]);

/** The start of a GIF: a real image, but not a type tests may carry. */
export const GIF_BYTES = Buffer.from('GIF89a\x01\x00\x01\x00\x80\x00\x00\xff\xff\xff\x00\x00\x00!', 'latin1');

/** An ISO media header naming the AVIF brand among its compatible brands. */
export const AVIF_HEADER = Buffer.concat([
  Buffer.from([0, 0, 0, 0x1c]),
  Buffer.from('ftypmif1\0\0\0\0mif1avifmiaf', 'latin1'),
]);

export const upload = (name: string, bytes: Uint8Array) => ({ name, data: Buffer.from(bytes).toString('base64') });
