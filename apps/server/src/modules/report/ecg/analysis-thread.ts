/**
 * A long recording's analysis (build.ts) on a thread of its own, one recording a thread
 * (service.ts): a 24-hour one takes seconds of R-peak detection, episodes and pyramids.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { buildAnalysis } from './build.js';

const input = workerData as {
  data: Uint8Array;
  sampleRate: number;
  samplesPerLead: number;
  leadCount: number;
};
const { data } = input;
parentPort!.postMessage(
  buildAnalysis(
    Buffer.from(data.buffer, data.byteOffset, data.byteLength),
    input.sampleRate,
    input.samplesPerLead,
    input.leadCount,
  ),
);
