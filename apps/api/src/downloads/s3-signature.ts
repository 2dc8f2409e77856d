/**
 * AWS Signature Version 4 for S3 requests (what every S3-compatible store checks: AWS, MinIO,
 * Scaleway, OVH, Garage…): the canonical request, the string to sign, the signing key derived from
 * the secret and the day, and the Authorization header. Pure: the time and the payload's hash come in.
 */
import { createHash, createHmac } from 'node:crypto';

export interface S3Credentials { accessKeyId: string; secretAccessKey: string; region: string }

export interface SignableRequest {
  method: string;
  url: URL;
  /** Headers to sign besides host, x-amz-date and x-amz-content-sha256 (lower-case names). */
  headers?: Record<string, string>;
  /** Hex SHA-256 of the body ('e3b0…' for none). */
  payloadHash: string;
  now: Date;
}

export const EMPTY_PAYLOAD_HASH = createHash('sha256').update('').digest('hex');

export const sha256Hex = (data: Uint8Array | string): string => createHash('sha256').update(data).digest('hex');

const hmac = (key: Uint8Array | string, data: string): Buffer => createHmac('sha256', key).update(data).digest();

/** RFC 3986 encoding of a path segment, as S3 canonicalises it. */
function encodeSegment(segment: string): string {
  return encodeURIComponent(segment).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** 20130524T000000Z */
export function amzDate(now: Date): string {
  return now.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
}

/** The headers to send, Authorization included. */
export function signS3Request(request: SignableRequest, credentials: S3Credentials): Record<string, string> {
  const date = amzDate(request.now);
  const day = date.slice(0, 8);
  const headers: Record<string, string> = {
    ...request.headers,
    host: request.url.host,
    'x-amz-content-sha256': request.payloadHash,
    'x-amz-date': date,
  };
  const names = Object.keys(headers).map((name) => name.toLowerCase()).sort();
  const canonicalHeaders = names.map((name) => `${name}:${String(headers[name]).trim().replace(/\s+/g, ' ')}\n`).join('');
  const signedHeaders = names.join(';');
  const path = request.url.pathname.split('/').map((segment) => encodeSegment(decodeURIComponent(segment))).join('/');
  const query = [...request.url.searchParams.entries()]
    .map(([name, value]) => [encodeSegment(name), encodeSegment(value)] as const)
    .sort(([a, av], [b, bv]) => (a === b ? (av < bv ? -1 : 1) : a < b ? -1 : 1))
    .map(([name, value]) => `${name}=${value}`).join('&');
  const canonicalRequest = [request.method, path || '/', query, canonicalHeaders, signedHeaders, request.payloadHash].join('\n');
  const scope = `${day}/${credentials.region}/s3/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', date, scope, sha256Hex(canonicalRequest)].join('\n');
  const signingKey = hmac(hmac(hmac(hmac(`AWS4${credentials.secretAccessKey}`, day), credentials.region), 's3'), 'aws4_request');
  const signature = createHmac('sha256', signingKey).update(stringToSign).digest('hex');
  return {
    ...headers,
    authorization: `AWS4-HMAC-SHA256 Credential=${credentials.accessKeyId}/${scope}, SignedHeaders=${signedHeaders}, Signature=${signature}`,
  };
}
