/**
 * Where uploaded files live: DATA_DIR/uploads, one file as received (`<id>.upload`) and its rows
 * as read once (`<id>.rows.jsonl`, table-file.ts). The upload is written as it streams in and
 * stops at the size limit: a file past it is never held whole, on disk or in memory.
 */
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';

export class DataFileStore {
  constructor(readonly dir: string) {}

  uploadPath(id: string): string {
    return path.join(this.dir, `${id}.upload`);
  }

  rowsPath(id: string): string {
    return path.join(this.dir, `${id}.rows.jsonl`);
  }

  /** Writes the stream to the upload's file; its size. A stream that fails (the size limit) leaves no file. */
  async receive(id: string, stream: Readable): Promise<number> {
    await fs.promises.mkdir(this.dir, { recursive: true });
    const file = this.uploadPath(id);
    try {
      await pipeline(stream, fs.createWriteStream(file));
    } catch (error) {
      await this.remove([id]);
      throw error;
    }
    return (await fs.promises.stat(file)).size;
  }

  /** Rows `offset` to `offset + limit` of an upload, each as read (arrays of cells). */
  async rows(id: string, offset: number, limit: number): Promise<string[][]> {
    const rows: string[][] = [];
    const lines = readline.createInterface({ input: fs.createReadStream(this.rowsPath(id)), crlfDelay: Infinity });
    let index = 0;
    try {
      for await (const line of lines) {
        if (index++ < offset) continue;
        rows.push(JSON.parse(line) as string[]);
        if (rows.length >= limit) break;
      }
    } finally {
      lines.close();
    }
    return rows;
  }

  /** Every row of an upload, in the file's order. */
  async *allRows(id: string): AsyncGenerator<string[]> {
    const lines = readline.createInterface({ input: fs.createReadStream(this.rowsPath(id)), crlfDelay: Infinity });
    for await (const line of lines) yield JSON.parse(line) as string[];
  }

  async remove(ids: readonly string[]): Promise<void> {
    await Promise.all(ids.flatMap((id) => [this.uploadPath(id), this.rowsPath(id)]).map((file) => fs.promises.rm(file, { force: true })));
  }
}
