import type { Readable } from 'node:stream';

/**
 * GTFS text files as rows of fields, read as a stream (stop_times.txt of a national feed is
 * gigabytes). RFC 4180 quoting, a byte-order mark, CRLF or LF line ends; a quoted field may hold
 * commas, doubled quotes and line breaks. `onHeader` gets the column names, `onRow` each row's
 * fields (the same array is reused: copy what you keep), `onChunk` the characters read (progress).
 */
export async function readCsv(
  stream: Readable,
  onHeader: (columns: string[]) => void,
  onRow: (fields: string[]) => void,
  onChunk?: (characters: number) => void,
): Promise<void> {
  const fields: string[] = [];
  let field = '';
  let quoted = false;
  let afterQuote = false;
  let header = true;
  let first = true;
  const endRow = () => {
    fields.push(field);
    field = '';
    afterQuote = false;
    // Blank lines (a trailing newline, an empty last line) are not rows.
    if (!(fields.length === 1 && fields[0] === '')) {
      if (header) {
        onHeader(fields.map((name) => name.trim()));
        header = false;
      } else {
        onRow(fields);
      }
    }
    fields.length = 0;
  };
  stream.setEncoding('utf8');
  for await (const chunk of stream as AsyncIterable<string>) {
    let text = chunk;
    onChunk?.(chunk.length);
    if (first) {
      first = false;
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    }
    let start = 0;
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (quoted) {
        if (c !== 34) continue;
        field += text.slice(start, i);
        start = i + 1;
        // A doubled quote stands for one; look ahead (the pair may straddle chunks: handled below).
        if (text.charCodeAt(i + 1) === 34) {
          field += '"';
          i++;
          start = i + 1;
        } else {
          quoted = false;
          afterQuote = true;
        }
        continue;
      }
      if (c === 34 && afterQuote && start === i) {
        // The second quote of a pair that straddled two chunks: back inside the field.
        field += '"';
        quoted = true;
        afterQuote = false;
        start = i + 1;
        continue;
      }
      if (c === 34 && field === '' && start === i) {
        quoted = true;
        start = i + 1;
        continue;
      }
      if (c === 44) {
        fields.push(field + text.slice(start, i));
        field = '';
        afterQuote = false;
        start = i + 1;
      } else if (c === 10) {
        field += text.slice(start, i);
        if (field.endsWith('\r')) field = field.slice(0, -1);
        endRow();
        start = i + 1;
      } else {
        afterQuote = false;
      }
    }
    field += text.slice(start);
  }
  if (field.endsWith('\r')) field = field.slice(0, -1);
  if (field !== '' || fields.length > 0) endRow();
}
