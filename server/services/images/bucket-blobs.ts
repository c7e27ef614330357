/**
 * Images in an S3-compatible bucket (IMAGE_STORE=bucket, the default when S3_URL is set): AWS S3,
 * MinIO, Ceph, Garage, Cloudflare R2 and the like, addressed path-style
 * (`<endpoint>/<bucket>/<prefix>ab/<id>`). Requests are signed with AWS Signature V4 (aws4fetch);
 * the signed payload hash makes the store refuse bytes that changed on the way. A read is the
 * bucket's response body passed on as it arrives.
 */
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { DOMParser, type Document, type Element } from '@xmldom/xmldom';
import { AwsClient } from 'aws4fetch';
import type { BucketConfig } from '../../config-images.ts';
import type { ImageBlobs, StoredBlob } from './image-blobs.ts';

export interface BucketOptions extends BucketConfig {
  /** How long one request may take before it counts as failed. */
  timeoutMs?: number;
}

const KEY = /^(?:.*\/)?([0-9a-f]{2})\/([0-9a-f]{64})$/;

export class BucketError extends Error {
  constructor(
    readonly status: number,
    what: string,
    body: string,
  ) {
    const code = /<Code>([^<]*)<\/Code>/.exec(body)?.[1] ?? (body.slice(0, 200) || 'no reason given');
    super(`The image bucket answered ${status} to ${what}: ${code}`);
    this.name = 'BucketError';
  }
}

export class BucketBlobs implements ImageBlobs {
  readonly kind = 'bucket' as const;
  private readonly client: AwsClient;

  constructor(private readonly options: BucketOptions) {
    this.client = new AwsClient({
      accessKeyId: options.accessKeyId,
      secretAccessKey: options.secretAccessKey,
      service: 's3',
      region: options.region,
      retries: 3,
    });
  }

  private url(key = '', query = '') {
    const path = key
      .split('/')
      .map((part) => encodeURIComponent(part))
      .join('/');
    return `${this.options.endpoint}/${encodeURIComponent(this.options.bucket)}${key ? `/${path}` : ''}${query}`;
  }

  private keyOf(id: string) {
    return `${this.options.prefix}${id.slice(0, 2)}/${id}`;
  }

  private request(method: string, url: string, body?: Uint8Array) {
    return this.client.fetch(url, {
      method,
      ...(body
        ? { body: body as unknown as RequestInit['body'], headers: { 'content-type': 'application/octet-stream' } }
        : {}),
      signal: AbortSignal.timeout(this.options.timeoutMs ?? 30_000),
    });
  }

  private async fail(response: Response, what: string): Promise<never> {
    throw new BucketError(response.status, what, await response.text().catch(() => ''));
  }

  async has(id: string) {
    const response = await this.request('HEAD', this.url(this.keyOf(id)));
    if (response.status === 404) return false;
    if (!response.ok) return this.fail(response, `HEAD ${this.keyOf(id)}`);
    return true;
  }

  async write(id: string, bytes: Uint8Array) {
    // Asked first: a HEAD is cheaper than sending up to 1 MB again.
    if (await this.has(id)) return;
    const response = await this.request('PUT', this.url(this.keyOf(id)), bytes);
    if (!response.ok) await this.fail(response, `PUT ${this.keyOf(id)}`);
    await response.arrayBuffer();
  }

  async open(id: string) {
    const response = await this.request('GET', this.url(this.keyOf(id)));
    if (response.status === 404) {
      await response.arrayBuffer().catch(() => {});
      return null;
    }
    if (!response.ok || !response.body) return this.fail(response, `GET ${this.keyOf(id)}`);
    return Readable.fromWeb(response.body as unknown as WebReadableStream<Uint8Array>);
  }

  async remove(id: string) {
    const response = await this.request('DELETE', this.url(this.keyOf(id)));
    if (!response.ok && response.status !== 404) await this.fail(response, `DELETE ${this.keyOf(id)}`);
    await response.arrayBuffer().catch(() => {});
  }

  async *list(): AsyncIterable<StoredBlob> {
    let token: string | null = null;
    do {
      const query = new URLSearchParams({ 'list-type': '2', prefix: this.options.prefix, 'max-keys': '1000' });
      if (token) query.set('continuation-token', token);
      const response = await this.request('GET', this.url('', `?${query}`));
      const text = await response.text();
      if (!response.ok) throw new BucketError(response.status, 'a listing', text);
      const doc = new DOMParser().parseFromString(text, 'text/xml');
      const first = (node: Element | Document, name: string) => node.getElementsByTagName(name)[0]?.textContent ?? '';
      for (const item of Array.from(doc.getElementsByTagName('Contents'))) {
        const match = KEY.exec(first(item, 'Key'));
        if (!match || match[2]?.slice(0, 2) !== match[1]) continue;
        yield { id: match[2] as string, writtenAt: Date.parse(first(item, 'LastModified')) || 0 };
      }
      token = first(doc, 'IsTruncated') === 'true' ? first(doc, 'NextContinuationToken') || null : null;
    } while (token);
  }
}
