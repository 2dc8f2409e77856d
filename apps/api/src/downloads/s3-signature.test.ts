import { describe, expect, it } from 'vitest';
import { amzDate, EMPTY_PAYLOAD_HASH, signS3Request } from './s3-signature.js';

// The example of AWS's documentation of Signature Version 4 for S3 ("GET Object"): its published
// signature is what any S3-compatible store computes too.
const credentials = { accessKeyId: 'AKIAIOSFODNN7EXAMPLE', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY', region: 'us-east-1' };

describe('S3 request signatures', () => {
  it('sign AWS’s documented GET Object example to its published signature', () => {
    const headers = signS3Request({
      method: 'GET', url: new URL('https://examplebucket.s3.amazonaws.com/test.txt'), headers: { range: 'bytes=0-9' },
      payloadHash: EMPTY_PAYLOAD_HASH, now: new Date('2013-05-24T00:00:00Z'),
    }, credentials);
    expect(headers.authorization).toBe('AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, '
      + 'SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41');
  });

  it('write the time as S3 reads it', () => {
    expect(amzDate(new Date('2026-11-27T16:45:03.250Z'))).toBe('20261127T164503Z');
  });
});
