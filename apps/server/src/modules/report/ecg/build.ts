import { analyseEcgLead, type EcgSummary } from './analysis.js';
import { buildPyramids, bytesOfUint32s, int16sOf } from './pyramid.js';

/** What a recording's analysis is built from its samples file: the sidecars' bytes and the summary. */
export interface BuiltAnalysis {
  /** The first lead's R peaks (the `.rpk` sidecar). */
  peaks: Buffer;
  summary: EcgSummary;
  /** Every lead's min/max pyramids (the `.mmp` sidecar). */
  pyramids: Buffer;
}

/** Pure: run on the server's thread for a short recording, on a thread of its own for a long one. */
export function buildAnalysis(
  data: Buffer,
  sampleRate: number,
  samplesPerLead: number,
  leadCount: number,
): BuiltAnalysis {
  const all = int16sOf(data);
  const n = samplesPerLead;
  const leads = Array.from({ length: leadCount }, (_, l) => all.subarray(l * n, (l + 1) * n));
  const { peaks, summary } = analyseEcgLead(leads[0]!, sampleRate);
  return { peaks: bytesOfUint32s(peaks), summary, pyramids: buildPyramids(leads) };
}
