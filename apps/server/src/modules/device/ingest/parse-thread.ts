/**
 * A parse thread of the ingest API (parse-pool.ts): a large upload's body unpacked, parsed and
 * checked, and an ECG's samples encoded, here instead of on the server's thread.
 */
import { parentPort } from 'node:worker_threads';
import { AppError } from '../../../platform/errors.js';
import { decodeJson, inflateSync } from './decode.js';
import type { ParseAnswer, ParseJob } from './parse-pool.js';

parentPort!.on('message', (job: ParseJob) => {
  let answer: ParseAnswer;
  const transfer: ArrayBuffer[] = [];
  try {
    const sent = Buffer.from(job.bytes.buffer, job.bytes.byteOffset, job.bytes.byteLength);
    const json = job.gzip ? inflateSync(sent, job.inflateLimit) : sent;
    const decoded = decodeJson(json, job.at);
    if (decoded.ecg) {
      // The file's bytes move to the server's thread without a copy; a small one shares its
      // memory with other buffers, so it goes as a copy of its own.
      let file = decoded.ecg.file;
      if (file.byteOffset !== 0 || file.byteLength !== file.buffer.byteLength) {
        const own = Buffer.allocUnsafeSlow(file.length);
        file.copy(own);
        file = own;
      }
      decoded.ecg.file = file;
      transfer.push(file.buffer as ArrayBuffer);
    }
    answer = { decoded };
  } catch (err) {
    answer =
      err instanceof AppError
        ? {
            refused: {
              state: err.state,
              message: err.message,
              httpStatus: err.httpStatus,
              data: err.data,
            },
          }
        : { failed: err instanceof Error ? err.message : String(err) };
  }
  parentPort!.postMessage(answer, transfer);
});
