import { useUserStore } from '../stores/user';
import { apiUrl } from './client';

export interface StreamEvent {
  event: string;
  data: string;
}

/**
 * Follow a server-sent event stream of the API with the operator's bearer token (the browser's
 * EventSource cannot send one), or with `credentials` instead (the large screen's link token):
 * each event to `onEvent` until `signal` aborts it or the server ends it. Rejects when the stream
 * cannot be opened or breaks; the caller falls back to polling and tries again later.
 */
export async function followEventStream(
  path: string,
  onEvent: (event: StreamEvent) => void,
  signal: AbortSignal,
  credentials?: Record<string, string>,
): Promise<void> {
  const token = useUserStore.getState().token;
  if (!credentials && !token) throw new Error('no session');
  const response = await fetch(apiUrl(path), {
    headers: {
      ...(credentials ?? { Authorization: `Bearer ${token}` }),
      Accept: 'text/event-stream',
    },
    signal,
  });
  const type = response.headers.get('content-type') ?? '';
  if (!response.ok || !type.includes('text/event-stream') || !response.body)
    throw new Error(`event stream refused (${response.status})`);
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    buffer += value;
    // Events end with a blank line; a field per line ("event: x", "data: y").
    let end: number;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      let event = 'message';
      const data: string[] = [];
      for (const line of block.split('\n')) {
        if (line.startsWith('event:')) event = line.slice(6).trim();
        else if (line.startsWith('data:')) data.push(line.slice(5).trimStart());
      }
      if (data.length > 0) onEvent({ event, data: data.join('\n') });
    }
  }
}
