/**
 * Where images are kept (server/services/images/image-blobs.ts): IMAGE_STORE, or by default a bucket
 * when S3_URL is set, the database with PostgreSQL (so that every machine over it sees every
 * picture), else the folder under DATA_DIR (the embedded setup, one machine).
 */
import type { ImageStoreKind } from './services/images/image-blobs.ts';

/** An S3-compatible bucket, path-style: `<endpoint>/<bucket>/<prefix>ab/<id>`. */
export interface BucketConfig {
  /** Origin of the S3 API, e.g. https://s3.eu-central-1.amazonaws.com or http://127.0.0.1:9000. */
  endpoint: string;
  bucket: string;
  /** Put before every key ('' or ending in '/'), so that one bucket may hold more than Zalik's images. */
  prefix: string;
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
}

export interface ImageStoreConfig {
  kind: ImageStoreKind;
  bucket: BucketConfig | null;
}

const KINDS: readonly ImageStoreKind[] = ['folder', 'database', 'bucket'];

type Env = Record<string, string | undefined>;

/**
 * S3_URL: `http(s)://<access key>:<secret key>@<host>[:port]/<bucket>[/<prefix>]`, the key and secret
 * URL-encoded; S3_REGION names the region the signature is made for (us-east-1 unless set).
 */
function bucketOf(raw: string, region: string, problems: string[]): BucketConfig | null {
  const shape = 'S3_URL must look like https://ACCESS_KEY:SECRET@host[:port]/bucket[/prefix]';
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    problems.push(`${shape}, got an address that is not a URL`);
    return null;
  }
  const [bucket, ...rest] = url.pathname.split('/').filter(Boolean);
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !url.username || !url.password || !bucket) {
    problems.push(`${shape} (the protocol, both credentials and the bucket are needed)`);
    return null;
  }
  return {
    endpoint: url.origin,
    bucket: decodeURIComponent(bucket),
    prefix: rest.length ? `${rest.map(decodeURIComponent).join('/')}/` : '',
    accessKeyId: decodeURIComponent(url.username),
    secretAccessKey: decodeURIComponent(url.password),
    region,
  };
}

export function imageStoreOf(env: Env, databaseUrl: string | null, problems: string[]): ImageStoreConfig {
  const s3Url = env.S3_URL?.trim() || null;
  const region = env.S3_REGION?.trim() || 'us-east-1';
  if (!/^[a-z0-9-]{1,40}$/.test(region)) problems.push(`S3_REGION must be a region name such as eu-central-1`);
  const bucket = s3Url ? bucketOf(s3Url, region, problems) : null;
  const raw = env.IMAGE_STORE?.trim() || '';
  const fallback: ImageStoreKind = s3Url ? 'bucket' : databaseUrl ? 'database' : 'folder';
  if (raw && !(KINDS as readonly string[]).includes(raw)) {
    problems.push(`IMAGE_STORE must be one of ${KINDS.join(', ')}, got "${raw}"`);
    return { kind: fallback, bucket };
  }
  const kind = (raw || fallback) as ImageStoreKind;
  if (kind === 'bucket' && !s3Url) problems.push('IMAGE_STORE=bucket needs S3_URL: the bucket to keep images in');
  return { kind, bucket };
}
