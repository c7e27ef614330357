import { endpoint, SavedFile } from '../endpoint.ts';
import { ImageParams, StoredImage, UploadImageRequest } from '../images.ts';
import { NoQuery } from '../requests.ts';

export const uploadImage = endpoint({
  method: 'POST',
  path: '/v1/tutor/images',
  query: NoQuery,
  body: UploadImageRequest,
  answer: StoredImage,
  status: 201,
  access: 'tutor',
  summary:
    'Stores a PNG, JPEG, WebP or AVIF image of at most 1 MB, its type read from its bytes; the same bytes are stored once',
});

export const image = endpoint({
  method: 'GET',
  path: '/v1/images/:id',
  params: ImageParams,
  query: NoQuery,
  answer: SavedFile,
  status: 200,
  access: 'public',
  bare: true,
  file: true,
  summary: 'The image itself, cached for good (its address is the SHA-256 of its bytes)',
  note: 'Anyone holding the address: it is made from the bytes, so only one who has the image or a test showing it knows it',
});
