/** Request body and query encoding (spec §7: form-encoded by default, JSON or multipart when marked). */

export type BodyType = 'form' | 'json' | 'multipart';
export type Params = Record<string, unknown>;

function scalar(value: unknown): string {
  if (value instanceof Date) return String(value.getTime());
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

function appendAll(target: URLSearchParams | FormData, params: Params): void {
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) {
      for (const item of value)
        if (item !== undefined && item !== null) target.append(key, scalar(item));
    } else if (target instanceof FormData && value instanceof Blob) {
      target.append(key, value);
    } else {
      target.append(key, scalar(value));
    }
  }
}

export function toQuery(params: Params | undefined): string {
  if (!params) return '';
  const search = new URLSearchParams();
  appendAll(search, params);
  const s = search.toString();
  return s ? `?${s}` : '';
}

/** The fetch body and its content type (multipart lets the browser set the boundary). */
export function encodeBody(
  body: Params | FormData | undefined,
  type: BodyType,
): { body: BodyInit | undefined; contentType: string | undefined } {
  if (body === undefined) return { body: undefined, contentType: undefined };
  if (body instanceof FormData) return { body, contentType: undefined };
  if (type === 'json') return { body: JSON.stringify(body), contentType: 'application/json' };
  if (type === 'multipart') {
    const form = new FormData();
    appendAll(form, body);
    return { body: form, contentType: undefined };
  }
  const form = new URLSearchParams();
  appendAll(form, body);
  return { body: form.toString(), contentType: 'application/x-www-form-urlencoded;charset=UTF-8' };
}
