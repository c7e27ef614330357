/**
 * A real S3-compatible server for the bucket kind of image store: s3rver on loopback, its objects in
 * a fresh folder, with one bucket. It knows its access key (an unknown one is refused) but does not
 * check Signature V4 itself: a wrong secret is only caught by a real S3.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';

export const S3_BUCKET = 'zalik-images';
/** s3rver's one pair of credentials. */
export const S3_KEYS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

export interface TestS3 {
  endpoint: string;
  /** S3_URL for Zalik: credentials, endpoint, bucket and `prefix`. */
  url(prefix?: string): string;
  close(): Promise<void>;
}

export async function startS3(): Promise<TestS3> {
  const directory = mkdtempSync(join(tmpdir(), 'zalik-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: S3_BUCKET }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    url: (prefix = '') =>
      `http://${S3_KEYS.accessKeyId}:${S3_KEYS.secretAccessKey}@127.0.0.1:${port}/${S3_BUCKET}${prefix ? `/${prefix}` : ''}`,
    async close() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
